import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  List,
  ListItemButton,
  ListItemText,
  FormControlLabel,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Loading } from '../../app/Loading.tsx';
import { Refused, isRefused } from '../../app/Refused.tsx';
import { useT } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { showToast } from '../../notify/toast-store.ts';
import { ConfirmDialog } from '../../resources/ConfirmDialog.tsx';
import { api } from '../../session/api.ts';
import { LoginHoursEditor, type LoginHours } from './LoginHoursEditor.tsx';

interface Role {
  id: number;
  name: string;
  slug: string;
  billing_company_id: number | null;
  /** its people must sign in in two steps; mfa_always: so for every Super User and manager, not to be changed */
  mfa_required: boolean;
  mfa_always: boolean;
  /** when its people may sign in (null: any time) */
  login_hours: LoginHours | null;
}
interface ModulePerms {
  module: string;
  name: string;
  permissions: Array<{ id: number; slug: string; action: string; granted: boolean }>;
}
type Pending = { add: boolean; what: string; path: string; body?: unknown } | null;

/** Roles, their modules (functionality) and each permission's switch; one or all, each after confirmation. */
export default function RolesPermissions() {
  const t = useT();
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [role, setRole] = useState<Role | null>(null);
  const [modules, setModules] = useState<ModulePerms[] | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [newRole, setNewRole] = useState('');

  const [refused, setRefused] = useState(false);
  const loadRoles = useCallback(
    () =>
      api<Array<Role & { permissions: unknown }>>('/permission/roles-permissions')
        .then((r) => setRoles(r))
        .catch((e) => (isRefused(e) ? setRefused(true) : notifyError(t, e))),
    [t],
  );
  const loadModules = useCallback(
    (r: Role) =>
      api<ModulePerms[]>(`/permission/permissions-by-role/${r.id}`)
        .then(setModules)
        .catch((e) => notifyError(t, e)),
    [t],
  );
  useEffect(() => {
    void loadRoles();
  }, [loadRoles]);
  useEffect(() => {
    if (role) void loadModules(role);
  }, [role, loadModules]);

  const apply = async () => {
    if (!pending || !role) return;
    const p = pending;
    setPending(null);
    try {
      const r = await api<{ message: string }>(p.path, { method: 'PATCH', body: p.body });
      showToast('success', r.message);
      await loadModules(role);
    } catch (e) {
      notifyError(t, e);
    }
  };
  /** The role as changed on the server, in the list and as the one open. */
  const changedRole = (changed: Role) => {
    setRole(changed);
    setRoles((all) => all?.map((x) => (x.id === changed.id ? changed : x)) ?? null);
  };
  const setTwoStep = async (required: boolean) => {
    if (!role) return;
    try {
      const r = await api<{ mfa_required: boolean }>(`/permission/role/${role.id}/two-step`, {
        method: 'PUT',
        body: { required },
      });
      changedRole({ ...role, mfa_required: r.mfa_required });
      showToast('success', t(r.mfa_required ? 'roles.two_step_on' : 'roles.two_step_off', { role: role.name }));
    } catch (e) {
      notifyError(t, e);
    }
  };
  const create = async () => {
    try {
      const r = await api<Role>('/permission/role', { method: 'POST', body: { name: newRole.trim() } });
      setNewRole('');
      await loadRoles();
      setRole(r);
    } catch (e) {
      notifyError(t, e);
    }
  };

  if (refused) return <Refused />;
  if (!roles) return <Loading />;
  return (
    <Box sx={{ display: 'flex', height: '100%' }}>
      <Box sx={{ width: 240, borderRight: 1, borderColor: 'divider', overflow: 'auto' }}>
        <Typography variant="h3" sx={{ fontSize: 16, fontWeight: 600, p: 1.5 }}>
          {t('roles.roles')}
        </Typography>
        <List dense aria-label={t('roles.roles')}>
          {roles.map((r) => (
            <ListItemButton key={r.id} selected={role?.id === r.id} onClick={() => setRole(r)}>
              <ListItemText primary={r.name} />
            </ListItemButton>
          ))}
        </List>
        <Box sx={{ p: 1, display: 'flex', gap: 1 }}>
          <TextField
            size="small"
            label={t('roles.role_name')}
            value={newRole}
            onChange={(e) => setNewRole(e.target.value)}
          />
          <Button onClick={() => void create()} disabled={!newRole.trim()}>
            {t('roles.new_role')}
          </Button>
        </Box>
      </Box>
      <Box sx={{ flex: 1, overflow: 'auto', p: 1 }}>
        {role && (
          <FormControlLabel
            sx={{ mb: 1 }}
            control={
              <Switch
                checked={role.mfa_required}
                disabled={role.mfa_always}
                onChange={(e) => void setTwoStep(e.target.checked)}
              />
            }
            label={t(role.mfa_always ? 'roles.two_step_always' : 'roles.two_step')}
          />
        )}
        {role && role.slug !== 'superuser' && (
          <LoginHoursEditor
            roleId={role.id}
            roleName={role.name}
            value={role.login_hours}
            onSaved={(login_hours) => changedRole({ ...role, login_hours })}
          />
        )}
        {role && !modules && <Loading />}
        {role &&
          modules?.map((m) => {
            const granted = m.permissions.filter((p) => p.granted).length;
            return (
              <Accordion key={m.module} disableGutters>
                <AccordionSummary aria-controls={`perm-${m.module}`}>
                  <Typography sx={{ flex: 1 }}>{m.name}</Typography>
                  <Typography color="text.secondary">
                    {granted}/{m.permissions.length}
                  </Typography>
                </AccordionSummary>
                <AccordionDetails id={`perm-${m.module}`}>
                  <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
                    <Button
                      size="small"
                      onClick={() =>
                        setPending({
                          add: true,
                          what: m.name,
                          path: `/permission/assign-permissions-role/${role.id}`,
                          body: { module: m.module },
                        })
                      }
                    >
                      {t('roles.add_all')}
                    </Button>
                    <Button
                      size="small"
                      color="warning"
                      onClick={() =>
                        setPending({
                          add: false,
                          what: m.name,
                          path: `/permission/remove-permissions-role/${role.id}`,
                          body: { module: m.module },
                        })
                      }
                    >
                      {t('roles.remove_all')}
                    </Button>
                  </Box>
                  <Table size="small">
                    <TableBody>
                      {m.permissions.map((p) => (
                        <TableRow key={p.id}>
                          <TableCell>{p.action}</TableCell>
                          <TableCell sx={{ color: 'text.secondary' }}>{p.slug}</TableCell>
                          <TableCell align="right">
                            <Switch
                              checked={p.granted}
                              slotProps={{ input: { 'aria-label': p.slug } }}
                              onChange={() =>
                                setPending({
                                  add: !p.granted,
                                  what: p.slug,
                                  path: p.granted
                                    ? `/permission/remove-permission-role/${role.id}/${p.id}`
                                    : `/permission/assign-permissions-role/${role.id}/${p.id}`,
                                })
                              }
                            />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </AccordionDetails>
              </Accordion>
            );
          })}
      </Box>
      <ConfirmDialog
        open={!!pending}
        title={t('roles.title')}
        body={
          pending && role
            ? t(pending.add ? 'roles.confirm_add' : 'roles.confirm_remove', { what: pending.what, role: role.name })
            : ''
        }
        onCancel={() => setPending(null)}
        onConfirm={() => void apply()}
      />
    </Box>
  );
}
