export * from './gql';
