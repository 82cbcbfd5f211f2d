import Editor from '@monaco-editor/react';
import '../monaco/setup';

/** The conditionConfig that will be saved, read-only, in Monaco's JSON mode. Lazily loaded. */
export default function JsonView({ value }: { value: unknown }) {
  return (
    <Editor
      height={420}
      language="json"
      value={JSON.stringify(value, null, 2)}
      options={{ readOnly: true, minimap: { enabled: false }, scrollBeyondLastLine: false, fontSize: 13 }}
    />
  );
}
