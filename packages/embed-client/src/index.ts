// Placeholder: the typed REST client and renderer for third-party sites arrive with their own issue.
export const EMBED_CLIENT_VERSION = '0.0.0';
