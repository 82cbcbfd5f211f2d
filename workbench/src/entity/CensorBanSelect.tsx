import { DirectorySelect } from './DirectorySelect';

interface Props {
  label: string;
  /** the chosen library's id ('' for none): the result lists and the log take one library per search */
  value: string;
  onChange: (value: string) => void;
  /** Enter in the fallback text box */
  onSubmit?: () => void;
}

/**
 * The 敏感词库 filter: a pick of the organisation's sensitive-word libraries by name that sends the library's id. The
 * names come from the dictionary load of libraries (`/v3/chats/session/directory`, kind CENSOR_BAN), which every
 * signed-in user may read: an inspector filters results by library without the right to see the libraries' words.
 * When the directory cannot be read, a box for the id takes its place.
 */
export function CensorBanSelect({ label, value, onChange, onSubmit }: Props) {
  return <DirectorySelect kind="CENSOR_BAN" label={label} value={value} onChange={onChange} onSubmit={onSubmit} />;
}
