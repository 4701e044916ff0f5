import type { Access } from '../../infra/access/access.ts';
import type { FeatureHost } from '../../infra/http/featureHost.ts';
import { usersResolvers } from './users.graphql.ts';
import type { UsersRepository } from './users.repository.ts';
import { registerUsersRoutes } from './users.routes.ts';
import { createUsersService, type PasswordLinks, type UserOrganisations } from './users.service.ts';

/** Users and profiles, over REST and GraphQL. */
export function registerUsers(
  { router, resolvers }: FeatureHost,
  deps: {
    users: UsersRepository;
    organisations: UserOrganisations;
    auth: PasswordLinks;
    access: Access;
    /** Ends what the user still has open (subscription sockets) once they are deleted. */
    onUserRemoved: (userId: string) => void;
  },
): void {
  const { users, organisations, auth, access, onUserRemoved } = deps;
  registerUsersRoutes(
    router,
    createUsersService({ users, organisations, auth, access, onUserRemoved }),
  );
  resolvers.push(usersResolvers(users, organisations));
}
