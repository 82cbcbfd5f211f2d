import Editor from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { LAMBDA_LANGUAGE, monaco, registerLambdaLanguage, setModelCids } from '../monaco/setup';

export interface LambdaEditorProps {
  value: string;
  onChange: (value: string) => void;
  cids: readonly string[];
  /** shown, not edited */
  readOnly?: boolean;
  /** the compiler's problem with the expression: message and character position */
  problem: { message: string; position?: number } | null;
}

/** The CUSTOM expression in Monaco: cid completion and the compiler's error as a live marker. Lazily loaded. */
export default function LambdaEditor({ value, onChange, cids, readOnly = false, problem }: LambdaEditorProps) {
  const modelRef = useRef<monaco.editor.ITextModel | null>(null);
  // The texts this editor reported through onChange that the parent may still hand back. The editor is not
  // controlled by `value`: a parent's render that lags behind fast typing would hand back an older text and undo
  // the newest keystrokes. Only a text the editor did not report (e.g. ids renamed after a deleted condition) goes in.
  const reported = useRef<string[]>([]);

  useEffect(() => {
    const model = modelRef.current;
    if (!model) return;
    if (value === model.getValue()) {
      reported.current = [];
      return;
    }
    if (reported.current.includes(value)) return;
    model.pushStackElement();
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
    model.pushStackElement();
  }, [value]);

  useEffect(() => {
    if (modelRef.current) setModelCids(modelRef.current, cids);
  }, [cids]);

  // the markers are recomputed when the text changes too, because positions move with it
  // biome-ignore lint/correctness/useExhaustiveDependencies: value is a trigger
  useEffect(() => {
    const model = modelRef.current;
    if (!model) return;
    if (!problem) {
      monaco.editor.setModelMarkers(model, 'qc-lambda', []);
      return;
    }
    const text = model.getValue();
    const offset = Math.min(problem.position ?? 0, Math.max(0, text.length - 1));
    const start = model.getPositionAt(offset);
    const word = model.getWordAtPosition(start);
    const end = word ? { lineNumber: start.lineNumber, column: word.endColumn } : model.getPositionAt(offset + 1);
    monaco.editor.setModelMarkers(model, 'qc-lambda', [
      {
        severity: monaco.MarkerSeverity.Error,
        message: problem.message,
        startLineNumber: start.lineNumber,
        startColumn: start.column,
        endLineNumber: end.lineNumber,
        endColumn: Math.max(end.column, start.column + 1),
      },
    ]);
  }, [problem, value]);

  return (
    <Editor
      height={80}
      language={LAMBDA_LANGUAGE}
      defaultValue={value}
      beforeMount={() => registerLambdaLanguage()}
      onMount={(editor) => {
        modelRef.current = editor.getModel();
        if (modelRef.current) setModelCids(modelRef.current, cids);
      }}
      onChange={(text) => {
        reported.current = [...reported.current.slice(-49), text ?? ''];
        onChange(text ?? '');
      }}
      options={{
        readOnly,
        minimap: { enabled: false },
        lineNumbers: 'off',
        scrollBeyondLastLine: false,
        wordWrap: 'on',
        fontSize: 14,
        glyphMargin: false,
        folding: false,
        renderLineHighlight: 'none',
        overviewRulerLanes: 0,
      }}
    />
  );
}
