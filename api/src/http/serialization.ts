import SerializerSelector from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's response serializer compiler (fast-json-stringify) with a memory: one serializer per
 * schema object, made once per process. Most routes answer errors with the same few schemas, and
 * each compile costs milliseconds: compiling them anew for every route (and for every app a test
 * process builds) was most of an app's start. A serializer depends on nothing but its schema and
 * the compiler's options, so those are the key (the options as text, the schema by identity).
 */
type BuildSerializer = SerializerSelector.SerializerFactory;

const compiled = new Map<string, WeakMap<object, SerializerSelector.Serializer>>();

export function responseSerializers(): BuildSerializer {
  const build = SerializerSelector();
  return (externalSchemas, serializerOpts) => {
    const compile = build(externalSchemas, serializerOpts);
    const key = JSON.stringify([externalSchemas, serializerOpts]);
    let bySchema = compiled.get(key);
    if (!bySchema) compiled.set(key, (bySchema = new WeakMap()));
    const memory = bySchema;
    return (route) => {
      const schema = route.schema;
      if (typeof schema !== 'object' || schema === null) return compile(route);
      let serializer = memory.get(schema);
      if (!serializer) memory.set(schema, (serializer = compile(route)));
      return serializer;
    };
  };
}
