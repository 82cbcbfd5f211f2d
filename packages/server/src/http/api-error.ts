import { type FieldError, formatMessage, type MessageCode, type MessageParams } from '@qcdesk/contracts';

/**
 * The one error type of the API: answered as `{code, message, field?, errors?}` with `status`, the message in
 * Chinese, or in English when the request says `Accept-Language: en`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly zh: string,
    readonly en: string,
    /** the request field concerned, as a path: `schemeAngles[2].score` */
    readonly field?: string,
    /** every field problem of a bad body, in both languages (the first is also `field`/`message`) */
    readonly fieldErrors?: { readonly zh: readonly FieldError[]; readonly en: readonly FieldError[] },
  ) {
    super(`${code}: ${en}`);
    this.name = 'ApiError';
  }

  /** An error whose text is a message of the contracts' catalogue. */
  static of(status: number, code: string, message: MessageCode, params: MessageParams = {}, field?: string): ApiError {
    return new ApiError(
      status,
      code,
      formatMessage(message, 'zh', params),
      formatMessage(message, 'en', params),
      field,
    );
  }
  static badRequest(code: string, zh: string, en: string, field?: string): ApiError {
    return new ApiError(400, code, zh, en, field);
  }
  /** 400 for a body or query that does not parse: the first problem names the field, `errors` lists them all. */
  static invalidFields(zh: readonly FieldError[], en: readonly FieldError[]): ApiError {
    const first = { zh: zh[0]!, en: en[0]! };
    const where = (e: FieldError, body: string) => (e.field === '' ? body : e.field);
    return new ApiError(
      400,
      'INVALID_FIELD',
      `${where(first.zh, '请求体')}：${first.zh.message}`,
      `${where(first.en, 'body')}: ${first.en.message}`,
      first.zh.field === '' ? undefined : first.zh.field,
      { zh, en },
    );
  }
  static unauthorized(): ApiError {
    return ApiError.of(401, 'UNAUTHORIZED', 'auth.required');
  }
  static forbidden(key: string): ApiError {
    return new ApiError(
      403,
      'FORBIDDEN',
      `${formatMessage('common.forbidden', 'zh')}（需要权限 ${key}）`,
      `${formatMessage('common.forbidden', 'en')} (needs ${key})`,
    );
  }
  static notFound(what: string, id?: unknown): ApiError {
    const which = id === undefined ? '' : ` ${String(id)}`;
    return new ApiError(404, 'NOT_FOUND', `${what}${which} 不存在`, `${what}${which} not found`);
  }
  static staleVersion(): ApiError {
    return ApiError.of(409, 'STALE_VERSION', 'common.versionConflict', {}, 'version');
  }
}

export type Language = 'zh' | 'en';

/** `Accept-Language: en…` (first preference) answers in English; anything else in Chinese. */
export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return header !== undefined && /^\s*en\b/i.test(header) ? 'en' : 'zh';
}

export interface ErrorBody {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
  readonly errors?: readonly FieldError[];
}

export function errorBody(error: ApiError, language: Language): ErrorBody {
  const message = language === 'en' ? error.en : error.zh;
  const body: { code: string; message: string; field?: string; errors?: readonly FieldError[] } = {
    code: error.code,
    message,
  };
  if (error.field !== undefined) body.field = error.field;
  if (error.fieldErrors !== undefined) body.errors = error.fieldErrors[language];
  return body;
}
