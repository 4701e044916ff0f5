import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@roadcount/domain';

/** SPEC section 6 labels (domain ROLE_LABELS), in the interface language. */
export function useRoleLabel(): (role: Role) => string {
  const { t } = useTranslation();
  return useCallback(
    (role: Role) => {
      switch (role) {
        case 'admin':
          return t('roles.admin');
        case 'org_admin':
          return t('roles.orgAdmin');
        case 'org_user':
          return t('roles.orgUser');
      }
    },
    [t],
  );
}
