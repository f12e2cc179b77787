import { registerApp } from '../../apps/app-registry.ts';

registerApp({
  key: 'roles',
  names: ['Permission Management', 'Role Management'],
  permission: 'permission.manage.role',
  load: () => import('./RolesPermissions.tsx'),
});
