// Module resolve hook: `electron` is the stub (see register.mjs).
let stubUrl;

export function initialize(data) {
  stubUrl = data.stub;
}

export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: stubUrl, format: 'commonjs', shortCircuit: true };
  return next(specifier, context);
}
