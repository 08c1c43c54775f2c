// A route's serializer that writes its answer without zod's encode: for bodies built field by field
// with the schema's types, or already JSON text from PostgreSQL (sent as is; a string or Buffer
// given to reply.send never reaches a serializer). zod's encode of a list of 50 leads cost about 3×
// JSON.stringify (docs/performance.md "Lead list"); each such route's tests parse its bodies with the schema.
export const plainJson = () => (data: unknown) => JSON.stringify(data);
