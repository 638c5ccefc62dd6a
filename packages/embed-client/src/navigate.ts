/** Sends the host page to an ending's redirect address (its own module, so tests can watch it). */
export const navigate = (url: string) => window.location.assign(url);
