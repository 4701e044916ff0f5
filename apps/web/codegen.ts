import type { CodegenConfig } from '@graphql-codegen/cli';

// The web's GraphQL types, from the schema the server prints (npm run codegen) and the documents
// written with `graphql()` in src: each document becomes a string typed with its result and
// variables, which graphqlRequest sends as it is.
const config: CodegenConfig = {
  schema: 'src/generated/schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/generated/**'],
  // A documents pattern that matches nothing is a mistake, not an empty output.
  ignoreNoDocuments: false,
  generates: {
    'src/generated/': {
      preset: 'client',
      // Screens read whole answers; masking fragments would hide their fields from them.
      presetConfig: { fragmentMasking: false },
      config: {
        documentMode: 'string',
        useTypeImports: true,
        skipTypename: true,
        enumsAsTypes: true,
        // A nullable field in an answer is always there, as null: only inputs may leave it out.
        avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
        // A new scalar must be given a type here rather than pass as any.
        strictScalars: true,
        // TimeBins: the site detail's time bins, a scalar of the shape the kernel declares.
        scalars: { JSON: 'unknown', TimeBins: "import('@roadcount/domain').TimeBins" },
      },
    },
  },
};

export default config;
