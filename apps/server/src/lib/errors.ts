/** The one application error (ARCHITECTURE.md convention 4): the error handler shapes it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly messages?: string[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, messages?: string[]) => new AppError(400, message, messages ?? [message]);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to access this resource') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message = 'The record was changed by someone else. Reload and try again.') => new AppError(409, message);
