/**
 * Styled digits and letters, folded to ASCII by a library's `numberStyles` and `letterStyles` options (README
 * "Matching"). Each table maps a code point to the ASCII it stands for: one digit or letter mostly, two digits for
 * ⑩–⑳ and Ⅹ–Ⅻ, '' for a combining mark (dropped, so `f̶u̶c̶k̶` reads `fuck`). Built once, on first use.
 */

/** Chinese numerals read digit by digit, as phone and QQ numbers are written (`一三八`, `幺`, `两`). */
const CHINESE_DIGITS: Record<string, string> = {
  〇: '0',
  零: '0',
  一: '1',
  壹: '1',
  幺: '1',
  二: '2',
  贰: '2',
  貳: '2',
  两: '2',
  兩: '2',
  三: '3',
  叁: '3',
  叄: '3',
  四: '4',
  肆: '4',
  五: '5',
  伍: '5',
  六: '6',
  陆: '6',
  陸: '6',
  七: '7',
  柒: '7',
  八: '8',
  捌: '8',
  九: '9',
  玖: '9',
};

/** Small capitals of "fancy text" generators, which no Unicode normalisation maps to letters. */
const SMALL_CAPITALS = 'ᴀaʙbᴄcᴅdᴇeꜰfɢgʜhɪiᴊjᴋkʟlᴍmɴnᴏoᴘpǫqʀrꜱsᴛtᴜuᴠvᴡwʏyᴢz';

let numberMap: Map<number, string> | undefined;
let letterMap: Map<number, string> | undefined;

/** Runs of `count` code points from `first`, standing for first..first+count-1 numbered from `value`. */
function addRun(map: Map<number, string>, first: number, count: number, value: number): void {
  for (let k = 0; k < count; k++) map.set(first + k, String(value + k));
}

/**
 * Digit styles: every decimal digit of any script (`\p{Nd}`: full-width, Arabic-Indic, mathematical 𝟙 …; Unicode
 * keeps each script's digits in runs 0–9), circled ①–⑳ ⓪ ⓫–⓴ ⓵–⓾ ⓿ ❶–❿ ➀–➓, parenthesised ⑴–⒇, with a full stop
 * ⒈–⒛, 🄀–🄌, superscript and subscript digits, Roman Ⅰ–Ⅻ ⅰ–ⅻ, enclosed ideographs ㈠–㈩ ㊀–㊉, and Chinese numerals.
 */
export function numberStyles(): ReadonlyMap<number, string> {
  if (numberMap) return numberMap;
  const map = new Map<number, string>();
  const digit = /\p{Nd}/u;
  let run = 0;
  for (let c = 0x80; c < 0x20000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (digit.test(String.fromCodePoint(c))) {
      map.set(c, String(run % 10));
      run++;
    } else run = 0;
  }
  map.set(0x24ea, '0');
  addRun(map, 0x2460, 20, 1); // ①–⑳
  addRun(map, 0x2474, 20, 1); // ⑴–⒇
  addRun(map, 0x2488, 20, 1); // ⒈–⒛
  addRun(map, 0x24eb, 10, 11); // ⓫–⓴
  addRun(map, 0x24f5, 10, 1); // ⓵–⓾
  map.set(0x24ff, '0'); // ⓿
  addRun(map, 0x2776, 10, 1); // ❶–❿
  addRun(map, 0x2780, 10, 1); // ➀–➉
  addRun(map, 0x278a, 10, 1); // ➊–➓
  addRun(map, 0x1f100, 1, 0); // 🄀
  addRun(map, 0x1f101, 10, 0); // 🄁–🄊
  map.set(0x1f10b, '0');
  map.set(0x1f10c, '0');
  map.set(0xb9, '1');
  map.set(0xb2, '2');
  map.set(0xb3, '3');
  map.set(0x2070, '0');
  addRun(map, 0x2074, 6, 4); // ⁴–⁹
  addRun(map, 0x2080, 10, 0); // ₀–₉
  addRun(map, 0x2160, 12, 1); // Ⅰ–Ⅻ
  addRun(map, 0x2170, 12, 1); // ⅰ–ⅻ
  addRun(map, 0x3220, 10, 1); // ㈠–㈩
  addRun(map, 0x3280, 10, 1); // ㊀–㊉
  for (const [c, d] of Object.entries(CHINESE_DIGITS)) map.set(c.codePointAt(0)!, d);
  numberMap = map;
  return map;
}

/**
 * Letter styles: what NFKC turns into ASCII letters (circled Ⓐ ⓐ, squared 🄰, mathematical 𝐀 𝔄 𝕬 …, letterlike ℂ ℍ,
 * superscript ᵃ, ligatures ﬁ, parenthesised ⒜ without its brackets), negative circled and squared 🅐 🅰, regional
 * indicators 🇦, small capitals ᴀ, Latin letters with diacritics (é ü, by their base letter), and combining marks
 * (dropped). Digits are left to `numberStyles`; full-width letters fold anyway.
 */
export function letterStyles(): ReadonlyMap<number, string> {
  if (letterMap) return letterMap;
  const map = new Map<number, string>();
  const mark = /^[\p{Mn}\p{Me}]$/u;
  const letters = /^[A-Za-z]{1,4}$/;
  const add = (c: number) => {
    const ch = String.fromCodePoint(c);
    if (mark.test(ch)) {
      map.set(c, '');
      return;
    }
    let folded = ch.normalize('NFKC');
    if (folded.length === 3 && folded[0] === '(' && folded[2] === ')') folded = folded[1]!;
    if (!letters.test(folded)) {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      if (base.length === 1 && letters.test(base)) folded = base;
    }
    if (letters.test(folded) && folded !== ch) map.set(c, folded.toLowerCase());
  };
  for (let c = 0x80; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (c >= 0xff01 && c <= 0xff5e) continue; // full width: width folding already does it
    add(c);
  }
  for (let c = 0x1d400; c <= 0x1d7ff; c++) add(c);
  for (let c = 0x1f100; c <= 0x1f1ff; c++) add(c);
  for (let k = 0; k < 26; k++) {
    const letter = String.fromCharCode(0x61 + k);
    map.set(0x1f150 + k, letter); // 🅐
    map.set(0x1f170 + k, letter); // 🅰
    map.set(0x1f1e6 + k, letter); // 🇦
  }
  for (let i = 0; i < SMALL_CAPITALS.length; i += 2) map.set(SMALL_CAPITALS.codePointAt(i)!, SMALL_CAPITALS[i + 1]!);
  letterMap = map;
  return map;
}
