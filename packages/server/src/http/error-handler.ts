import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../db/unique-violation.js';
import { ApiError, errorBody, languageOf } from './api-error.js';

/**
 * Every error leaves as `{code, message, field?}` with a fitting status. A 5xx is logged with its request id and
 * stack, and the caller gets the request id (to quote to whoever reads the log), never the stack.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    const known = error instanceof ApiError ? error : (fromFastify(error, request) ?? fromDatabase(error));
    if (known !== null && known.status < 500) return reply.status(known.status).send(errorBody(known, language));
    request.log.error({ err: error, url: request.url, method: request.method }, 'request failed with a server error');
    const answer =
      known ?? new ApiError(500, 'INTERNAL', '服务器内部错误', 'internal server error', undefined, undefined);
    const body = errorBody(answer, language);
    const id = String(request.id);
    return reply.status(answer.status).send({
      ...body,
      message: language === 'en' ? `${body.message} (request id ${id})` : `${body.message}（请求编号 ${id}）`,
      requestId: id,
    });
  });
}

/** Fastify's own errors (a body that does not parse, is too large or of a type we do not take) in both languages. */
function fromFastify(error: FastifyError, request: FastifyRequest): ApiError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return ApiError.badRequest(
        'INVALID_JSON',
        `请求体不是合法的 JSON：${error.message}`,
        `the body is not valid JSON: ${error.message}`,
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const limit = megabytes(request.routeOptions.bodyLimit ?? 0);
      return new ApiError(413, 'BODY_TOO_LARGE', `请求体不能超过 ${limit} MB`, `the body must not exceed ${limit} MB`);
    }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(request.headers['content-type']);
    default:
      if (error.statusCode !== undefined && error.statusCode < 500)
        return new ApiError(error.statusCode, error.code ?? 'BAD_REQUEST', error.message, error.message);
      return null;
  }
}

/**
 * A unique index kept an "at most one" rule that the route did not check itself (two requests at once): the caller
 * lost a race, which is a conflict to retry, not a server fault. Routes that know the rule answer its own message.
 */
function fromDatabase(error: unknown): ApiError | null {
  if (!isUniqueViolation(error)) return null;
  return new ApiError(
    409,
    'CONFLICT',
    '与同时进行的另一操作冲突，请刷新后重试',
    'this conflicts with another change made at the same time; refresh and try again',
  );
}

/** 415: a body of a content type the route does not read. */
export function unsupportedMediaType(
  contentType: string | undefined,
  accepted: readonly string[] = ['application/json'],
) {
  const given = contentType ?? '—';
  return new ApiError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `不支持的请求体类型 ${given}，应为 ${accepted.join(' / ')}`,
    `unsupported body type ${given}; send ${accepted.join(' / ')}`,
    undefined,
  );
}

function megabytes(bytes: number): string {
  return String(Math.round((bytes / 1024 / 1024) * 10) / 10);
}
