/**
 * Error codes of the HTTP contract (03-decisions §2) with their status. The server maps
 * every thrown AppError through this table; the web derives behaviour (paywall kind,
 * toasts) from the same codes.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 401,
  NOT_AUTHENTICATED: 401,
  TOKEN_INVALID: 401,
  USAGE_LIMIT_REACHED: 402,
  FEATURE_LOCKED: 402,
  SUBSCRIPTION_REQUIRED: 402,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** The last owner of an organisation cannot be demoted, deactivated or removed. */
  LAST_OWNER: 409,
  /** Invitation tokens (docs/decisions/018): unknown, expired, used, replaced by a resent one. */
  INVITATION_INVALID: 404,
  INVITATION_EXPIRED: 410,
  INVITATION_USED: 410,
  INVITATION_REVOKED: 410,
  /** The signed-in account is not the one the invitation was sent to. */
  INVITATION_EMAIL_MISMATCH: 403,
  /** Social sign-in (decision 030): the answer is not for the flow this browser started (state). */
  SOCIAL_STATE_MISMATCH: 400,
  /** The ID token's nonce is not the one this browser's flow sent. */
  SOCIAL_NONCE_MISMATCH: 400,
  /** The provider does not vouch for the email address, so it cannot name an account. */
  SOCIAL_EMAIL_UNVERIFIED: 403,
  /** An account has this email: its owner signs in to it first, then the identity is linked. */
  SOCIAL_ACCOUNT_EXISTS: 409,
  /** The provider refused, failed or could not be reached. */
  SOCIAL_PROVIDER_ERROR: 502,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_ERROR: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  /** An outside service we called (an integration's provider) answered garbage or not at all. */
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Default English messages; the web shows its own translated catalogue by code. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request could not be understood.',
  INVALID_CREDENTIALS: 'Invalid email or password',
  NOT_AUTHENTICATED: 'Authentication credentials were not provided.',
  TOKEN_INVALID: 'Token is invalid or expired',
  USAGE_LIMIT_REACHED: 'Usage limit reached for your plan.',
  FEATURE_LOCKED: 'This feature requires a premium plan.',
  SUBSCRIPTION_REQUIRED: 'An active subscription is required to access this feature.',
  PERMISSION_DENIED: 'You do not have permission to perform this action.',
  NOT_FOUND: 'Resource not found',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  CONFLICT: 'This value already exists.',
  LAST_OWNER: 'The organization must keep at least one owner. Make another member owner first.',
  INVITATION_INVALID: 'This invitation link is not valid. Check the link or ask for a new invitation.',
  INVITATION_EXPIRED: 'This invitation has expired. Ask the person who invited you to send it again.',
  INVITATION_USED: 'This invitation has already been accepted.',
  INVITATION_REVOKED: 'This invitation link has been replaced by a newer one. Use the link in the latest email.',
  INVITATION_EMAIL_MISMATCH:
    'This invitation was sent to another email address. Sign in with that address to accept it.',
  SOCIAL_STATE_MISMATCH: 'The sign-in could not be checked. Please start again.',
  SOCIAL_NONCE_MISMATCH: 'The sign-in could not be checked. Please start again.',
  SOCIAL_EMAIL_UNVERIFIED: 'The provider has not verified this email address.',
  SOCIAL_ACCOUNT_EXISTS: 'An account with this email exists. Sign in with your password to link the provider.',
  SOCIAL_PROVIDER_ERROR: 'The provider could not sign you in. Please try again.',
  PAYLOAD_TOO_LARGE: 'Request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type.',
  VALIDATION_ERROR: 'Validation failed',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  INTERNAL_ERROR: 'Server error. Please try again later.',
  BAD_GATEWAY: 'The provider did not answer in a usable way. Try again in a moment.',
  SERVICE_UNAVAILABLE: 'Service temporarily unavailable.',
};

/** `error.details` of a VALIDATION_ERROR: dotted field path -> messages. */
export type ValidationDetails = Record<string, string[]>;

/** Key used in validation details for errors that belong to no single field. */
export const NON_FIELD_ERRORS = 'non_field_errors';
