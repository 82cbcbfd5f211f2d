/**
 * Monaco from the local `monaco-editor` package (no CDN: nothing leaves the machine), with its workers bundled by
 * Vite. Imported only by the lazily loaded editor components, so Monaco stays out of the main bundle.
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/language/json/monaco.contribution';
// editor.api is the bare editor: without these the completion provider below is never asked (no suggest widget)
// and a marker's message does not show on hover. (0.57's features/suggest/register brings only inline completions.)
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/hover/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

loader.config({ monaco });

export const LAMBDA_LANGUAGE = 'qc-lambda';

/** cids offered by completion, per editor model (the provider is global, the cids are per rule). */
const cidsByModel = new Map<string, readonly string[]>();

export function setModelCids(model: monaco.editor.ITextModel, cids: readonly string[]): void {
  cidsByModel.set(model.uri.toString(), cids);
}

let registered = false;

/** The CUSTOM lambda language: cids, &&, ||, !, parentheses; completion offers the rule's cids. */
export function registerLambdaLanguage(): void {
  if (registered) return;
  registered = true;
  monaco.languages.register({ id: LAMBDA_LANGUAGE });
  monaco.languages.setMonarchTokensProvider(LAMBDA_LANGUAGE, {
    tokenizer: {
      root: [
        [/[a-z]+/, 'variable'],
        [/&&|\|\||!/, 'keyword'],
        [/[()]/, 'delimiter.parenthesis'],
        [/\s+/, 'white'],
        [/./, 'invalid'],
      ],
    },
  });
  monaco.languages.registerCompletionItemProvider(LAMBDA_LANGUAGE, {
    triggerCharacters: [' ', '(', '!', '&', '|'],
    provideCompletionItems(model, position) {
      const word = model.getWordUntilPosition(position);
      const range = {
        startLineNumber: position.lineNumber,
        endLineNumber: position.lineNumber,
        startColumn: word.startColumn,
        endColumn: word.endColumn,
      };
      const cids = cidsByModel.get(model.uri.toString()) ?? [];
      const suggestions: monaco.languages.CompletionItem[] = [
        ...cids.map((cid) => ({
          label: cid,
          kind: monaco.languages.CompletionItemKind.Variable,
          insertText: cid,
          detail: `condition ${cid}`,
          range,
        })),
        ...['&&', '||', '!'].map((op) => ({
          label: op,
          kind: monaco.languages.CompletionItemKind.Operator,
          insertText: op,
          range,
        })),
      ];
      return { suggestions };
    },
  });
}

export { monaco };
