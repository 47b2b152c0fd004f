// Writes the API's TypeScript types from the server's OpenAPI document (`mandir openapi`).
// Usage: node scripts/api-types.mjs <openapi.json> <output.ts>   (`just api-types` runs it)
import fs from 'node:fs';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/api-types.mjs <openapi.json> <output.ts>');
  process.exit(2);
}

// The document's operationIds are unique (the server's tests check it), so each operation
// becomes a member of `operations`.
const doc = JSON.parse(fs.readFileSync(input, 'utf8'));

// emptyObjectsUnknown: a free-form JSON object (an event's donationOptions) is
// Record<string, unknown>, not Record<string, never>.
const ast = await openapiTS(doc, { emptyObjectsUnknown: true });
fs.writeFileSync(output, COMMENT_HEADER + astToString(ast), 'utf8');
