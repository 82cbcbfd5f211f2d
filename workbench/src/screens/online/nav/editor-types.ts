/**
 * What every navigation editor takes (online-service-config §3.7): the kind's config as edited, its change, whether
 * the user may change navigations, and the problems by path inside the config (`tabs.0.menus.1.name`), shown under
 * their inputs. The config modal (NavConfig) picks the editor by kind; the editors never save themselves.
 */
export interface NavEditorProps<C> {
  value: C;
  onChange: (next: C) => void;
  disabled: boolean;
  errors: Readonly<Record<string, string>>;
}
