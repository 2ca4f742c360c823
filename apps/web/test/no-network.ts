// Unit tests have no device: a request no test answered itself gets a 404 at once, instead
// of a connection attempt to happy-dom's page address that fails later, in another test.
globalThis.fetch = (() =>
  Promise.resolve(new Response('no device in unit tests', { status: 404 }))) as typeof fetch;
