import { RuleCompileError } from '../errors/rule-compile-error.js';

/**
 * Reads untrusted JSON for the compiler: every accessor checks the type and names the JSON path when it
 * throws, so that no bad input surfaces as a raw TypeError.
 */
export class JsonReader {
  constructor(readonly ruleId: string | null) {}

  fail(code: string, path: string, zh: string, en: string, position?: number): RuleCompileError {
    return new RuleCompileError(
      this.ruleId,
      position === undefined ? { code, path, zh, en } : { code, path, zh, en, position },
    );
  }

  object(value: unknown, path: string): Record<string, unknown> {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw this.fail('NOT_OBJECT', path, `${path} 必须是 JSON 对象`, `${path} must be a JSON object`);
    }
    return value as Record<string, unknown>;
  }

  array(value: unknown, path: string): unknown[] {
    if (!Array.isArray(value)) throw this.fail('NOT_ARRAY', path, `${path} 必须是数组`, `${path} must be an array`);
    return value;
  }

  string(value: unknown, path: string): string {
    if (typeof value !== 'string')
      throw this.fail('NOT_STRING', path, `${path} 必须是字符串`, `${path} must be a string`);
    return value;
  }

  /** A JSON number, or a numeric string as forms sometimes send, within [min, max]. */
  number(value: unknown, path: string, min: number, max: number, integer: boolean): number {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n) || (integer && !Number.isInteger(n))) {
      const kind = integer ? ['整数', 'an integer'] : ['数字', 'a number'];
      throw this.fail('NOT_NUMBER', path, `${path} 必须是${kind[0]}`, `${path} must be ${kind[1]}`);
    }
    if (n < min || n > max) {
      const range = max === Number.POSITIVE_INFINITY ? `≥ ${min}` : `${min}–${max}`;
      throw this.fail('OUT_OF_RANGE', path, `${path} 必须在 ${range} 之间`, `${path} must be ${range}`);
    }
    return n;
  }

  optionalNumber(value: unknown, path: string, fallback: number, min: number, max: number, integer: boolean): number {
    return value === undefined || value === null || value === ''
      ? fallback
      : this.number(value, path, min, max, integer);
  }

  optionalBoolean(value: unknown, path: string, fallback: boolean): boolean {
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    throw this.fail('NOT_BOOLEAN', path, `${path} 必须是 true 或 false`, `${path} must be true or false`);
  }

  /** An id: a non-blank string or a number, kept as a string. */
  id(value: unknown, path: string): string {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string' && value.trim() !== '') return value;
    throw this.fail('BAD_ID', path, `${path} 必须是非空字符串或数字`, `${path} must be a non-blank string or a number`);
  }
}
