/**
 * A Content-Type header as RFC 9110 §8.3 defines it: `type/subtype *( OWS ";" OWS name=value )`,
 * value a token or a quoted-string. The media type and the parameter names are case-insensitive
 * (returned lower-cased); parameter values are returned exactly as sent, unquoted, because some of
 * them are case-sensitive: a multipart boundary is compared byte for byte with the body's delimiter
 * lines, and browsers send `----WebKitFormBoundary…`, Java's HttpClient mixed-case alphanumerics.
 */
export interface ContentType {
  /** `type/subtype`, lower-cased; '' when the header has none. */
  mediaType: string;
  /** Parameter names lower-cased, values as sent (quotes and backslash escapes removed); the first of duplicates wins. */
  params: Record<string, string>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function parseContentType(header: string): ContentType {
  const semi = header.indexOf(';');
  const mediaType = (semi === -1 ? header : header.slice(0, semi)).trim().toLowerCase();
  const params: Record<string, string> = {};
  let i = semi === -1 ? header.length : semi + 1;
  while (i < header.length) {
    // name
    const eq = header.indexOf('=', i);
    const nextSemi = header.indexOf(';', i);
    if (eq === -1 || (nextSemi !== -1 && nextSemi < eq)) {
      // a parameter without a value: skip it
      i = nextSemi === -1 ? header.length : nextSemi + 1;
      continue;
    }
    const name = header.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    while (header[i] === ' ' || header[i] === '\t') i++;
    let value = '';
    if (header[i] === '"') {
      i++;
      while (i < header.length && header[i] !== '"') {
        if (header[i] === '\\' && i + 1 < header.length) i++;
        value += header[i];
        i++;
      }
      i++; // closing quote
      const after = header.indexOf(';', i);
      i = after === -1 ? header.length : after + 1;
    } else {
      const end = header.indexOf(';', i);
      value = header.slice(i, end === -1 ? header.length : end).trim();
      i = end === -1 ? header.length : end + 1;
    }
    if (TOKEN.test(name) && !(name in params)) params[name] = value;
  }
  return { mediaType, params };
}

/**
 * The boundary of a multipart body, or null when the header has none or an unusable one. Lenient
 * beyond RFC 2046 §5.1.1 (1–70 characters of a small set): any printable ASCII but quotes and
 * backslashes, up to 200 characters, since a delimiter line only has to match it.
 */
export function multipartBoundary(ct: ContentType): string | null {
  const boundary = ct.params.boundary;
  if (boundary === undefined || !/^[\x20-\x7e]{1,200}$/.test(boundary) || /["\\]/.test(boundary)) return null;
  return boundary;
}
