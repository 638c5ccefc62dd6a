/** `@forms-engine/embed-client/client`: the typed REST client for the public API, for browsers and Node ≥ 20. */
export { FormsEngineError, isTransient } from './problem';
export {
  createPublicClient,
  type PublicClient,
  type PublicClientOptions,
  type RequestOptions,
  type SaveOptions,
  type UploadOptions,
} from './public-client';
export type * from './types';
