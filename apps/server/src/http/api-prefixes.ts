/** The two REST surfaces (spec §9): where the token guard, origin check and JSON parser mount. */
export const MANAGEMENT_API = '/api/v1';
export const PUBLIC_API = '/public/v1';
