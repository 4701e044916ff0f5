// `npm run codegen`: writes the GraphQL schema the server compiles, as SDL, to the web app's
// generated folder, where GraphQL Code Generator reads it without starting a server.
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildSchema, printSchema } from 'graphql';
import { typeDefs } from '../graphqlSchema.ts';
import { graphqlSchemaSource } from '../infra/graphql/graphql.ts';

const target = new URL('../../../web/src/generated/schema.graphql', import.meta.url);
mkdirSync(new URL('.', target), { recursive: true });
writeFileSync(target, `${printSchema(buildSchema(graphqlSchemaSource(typeDefs)))}\n`);
