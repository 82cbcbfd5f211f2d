/** One message of a session: one message is one sentence (ENGINE-SEMANTICS "Transcript"). */
export interface Sentence {
  /** 0-based index in the session's message list; evidence names messages by it */
  readonly index: number;
  /** `AGENT`, `CUSTOMER`, or any other role as given (only selected by "all roles") */
  readonly role: string;
  /** the message text, or null for an image, file, video or custom message */
  readonly text: string | null;
  /** send time in epoch ms, when known */
  readonly time: number | null;
  readonly messageId: string | null;
}

export interface Transcript {
  readonly sessionId: string;
  readonly sentences: readonly Sentence[];
}

/** A session as callers hand it in: the console's stored messages or the plain `{role, text}` form. */
export interface SessionInput {
  sessionId?: string | number;
  messages: unknown[];
}
