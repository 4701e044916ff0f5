/** SPEC section 8: the message shown for each HTTP status the product names. */
export const ERROR_CATALOGUE = {
  400: "That request doesn't look quite right",
  403: "You aren't currently authorised for this resource",
  404: "We can't find what you're looking for",
  500: "Looks like we can't connect to the server right now",
  502: "We're having a few issues, rest assured we are on it. Please try again in a minute.",
  503: "We're down for a moment",
} as const;

/** SPEC section 8: what a missing resource is answered with, by kind; the catalogue's 404 unless named. */
export const NOT_FOUND_MESSAGES = {
  site: "We couldn't find that site. It may have been deleted",
  file: ERROR_CATALOGUE[404],
  siteGroup: ERROR_CATALOGUE[404],
  mapNote: ERROR_CATALOGUE[404],
  survey: "We couldn't find that survey",
} as const;

export type CataloguedStatus = keyof typeof ERROR_CATALOGUE;

/**
 * Messages the server answers with, by key: the web shows each in the user's language
 * (`serverMessages.<key>` in its locale files), and any other message as the server wrote it.
 */
export const SERVER_MESSAGES = {
  badRequest: ERROR_CATALOGUE[400],
  forbidden: ERROR_CATALOGUE[403],
  notFound: ERROR_CATALOGUE[404],
  unreachable: ERROR_CATALOGUE[500],
  badGateway: ERROR_CATALOGUE[502],
  unavailable: ERROR_CATALOGUE[503],
  siteNotFound: NOT_FOUND_MESSAGES.site,
  invalidCredentials: 'No active account found with the given credentials',
  startAfterEnd: 'The start date must not be later than the end date.',
} as const;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

/** The key of a catalogued server message, or undefined for any other text. */
export function serverMessageKey(message: string): ServerMessageKey | undefined {
  return (Object.keys(SERVER_MESSAGES) as ServerMessageKey[]).find(
    (key) => SERVER_MESSAGES[key] === message,
  );
}

/** Standard reason phrases for the statuses the catalogue does not name. */
const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  501: 'Not Implemented',
  504: 'Gateway Timeout',
};

export function isCataloguedStatus(status: number): status is CataloguedStatus {
  return Object.hasOwn(ERROR_CATALOGUE, status);
}

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? 'Server Error' : 'Error');
}

/** The text a user sees for a failed request: the catalogue's wording, else 'status text'. */
export function messageForStatus(status: number, fallbackText?: string): string {
  if (isCataloguedStatus(status)) return ERROR_CATALOGUE[status];
  return `${status} ${fallbackText || statusText(status)}`;
}
