/** A failure the popup shows as is (the server's message, or ours for failures before the call). */
export class AddError extends Error {
  readonly code: string;
  constructor(code: string, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = "AddError";
    this.code = code;
  }
}
