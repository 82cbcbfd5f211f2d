import { AhoCorasick } from '../automaton/aho-corasick.js';
import { foldText, isAsciiOnly } from '../text/fold.js';

/**
 * Every keyword of every rule compiled together, interned once by its folded form, so that one automaton
 * pass over a message finds them all. Ids are dense and stable for the life of the table.
 */
export class KeywordTable {
  private readonly ids = new Map<string, number>();
  /** folded keyword, by id */
  readonly folded: string[] = [];
  /** whether the keyword is ASCII only (whole-word matching), by id */
  readonly asciiOnly: boolean[] = [];
  private automaton: AhoCorasick | null = null;

  intern(keyword: string): number {
    const folded = foldText(keyword);
    let id = this.ids.get(folded);
    if (id === undefined) {
      if (this.automaton !== null) throw new Error('KeywordTable: intern after the automaton was built');
      id = this.folded.length;
      this.ids.set(folded, id);
      this.folded.push(folded);
      this.asciiOnly.push(isAsciiOnly(folded));
    }
    return id;
  }

  get size(): number {
    return this.folded.length;
  }

  /** The shared automaton; built on first use, after which the table is closed. */
  automatonOf(): AhoCorasick {
    this.automaton ??= new AhoCorasick(this.folded);
    return this.automaton;
  }
}
