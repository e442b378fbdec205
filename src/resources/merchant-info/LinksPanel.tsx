import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CHOOSE_MERCHANT_PATH } from '@/authProvider/paths';
import { LINKED_GROUP_ROLES, LINKING_TYPES, type MerchantInfo, type MerchantLinkRef, type RegisterMerchantInput } from '@/domain/merchantInfo';
import { canLinkMerchants } from '@/domain/permissions';
import { emptyValues, MerchantFieldsForm } from './MerchantFieldsForm';
import { usePortalApi } from '@/dataProvider/usePortalApi';

function RefLine({ merchant }: { merchant: MerchantLinkRef }) {
  const { t } = useTranslation();
  return (
    <Box component="li" sx={{ py: 1 }}>
      <Typography component="span" sx={{ fontWeight: 500 }}>
        {merchant.name}
      </Typography>{' '}
      <Typography component="span" color="text.secondary">
        ({merchant.partnerCode}
        {merchant.relationshipRole ? ` · ${t(`resources.merchant-info.relationship.${merchant.relationshipRole}`, { defaultValue: merchant.relationshipRole })}` : ''}
        {merchant.groupRole ? ` · ${t(`resources.merchant-info.groupRoles.${merchant.groupRole}`, { defaultValue: merchant.groupRole })}` : ''})
      </Typography>
    </Box>
  );
}

/** Master link, linked merchants, linking this merchant to a master (§3 SHARING/SATELLITE, group roles) and registering a new merchant. */
export function LinksPanel({ info, onChanged }: { info: MerchantInfo; onChanged: () => void }) {
  const { t } = useTranslation();
  const api = usePortalApi();
  const navigate = useNavigate();
  const [linkingType, setLinkingType] = useState<string>('SATELLITE');
  const [groupRole, setGroupRole] = useState<string>('PAYMENT_SOLUTION');
  const [masterId, setMasterId] = useState<string>('');
  const [registering, setRegistering] = useState(false);
  const [registered, setRegistered] = useState<MerchantInfo | null>(null);
  const canLinkHere = info.canLink && !info.linkedWithMaster && info.relationshipRole !== 'MASTER_MERCHANT';
  const mine = useQuery({ queryKey: ['merchant-info', 'my-merchants'], queryFn: () => api.getMyMerchants(), enabled: canLinkHere });
  const masters = (mine.data ?? []).filter((m) => m.id !== info.id && m.relationshipRole === 'MASTER_MERCHANT' && canLinkMerchants(m.roles));

  const link = async (event: FormEvent) => {
    event.preventDefault();
    if (!masterId) return;
    try {
      await api.linkMerchant({
        merchantId: info.id,
        masterMerchantId: Number(masterId),
        linkingType: linkingType as (typeof LINKING_TYPES)[number],
        groupRole: groupRole as (typeof LINKED_GROUP_ROLES)[number],
      });
      onChanged();
    } catch {
      // Toasted by the httpClient.
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 6 }}>
      <Box component="section" aria-labelledby="master-title">
        <Typography id="master-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('resources.merchant-info.links.masterTitle')}
        </Typography>
        {info.master ? (
          <>
            <Box component="ul" sx={{ m: 0, pl: 4 }}>
              <RefLine merchant={info.master} />
            </Box>
            {/* How this merchant hangs under it (the line above is the master's own roles). */}
            <Typography data-testid="own-link" color="text.secondary">
              {t('resources.merchant-info.links.linkingType')}:{' '}
              {t(`resources.merchant-info.relationship.${info.relationshipRole ?? 'none'}`, { defaultValue: info.relationshipRole ?? '' })}
              {info.internalGroup
                ? ` · ${t('resources.merchant-info.links.groupRole')}: ${t(`resources.merchant-info.groupRoles.${info.internalGroup.groupCode}`, { defaultValue: info.internalGroup.groupCode })}`
                : ''}
            </Typography>
          </>
        ) : (
          <Typography>{t(info.relationshipRole === 'MASTER_MERCHANT' ? 'resources.merchant-info.links.isMaster' : 'resources.merchant-info.links.noMaster')}</Typography>
        )}
      </Box>
      <Box component="section" aria-labelledby="linked-title">
        <Typography id="linked-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('resources.merchant-info.links.linkedTitle')}
        </Typography>
        {info.linkedMerchants.length === 0 ? (
          <Typography>{t('resources.merchant-info.links.none')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 4 }}>
            {info.linkedMerchants.map((m) => (
              <RefLine key={m.id} merchant={m} />
            ))}
          </Box>
        )}
      </Box>
      {canLinkHere && (
        <Paper variant="outlined" component="section" aria-labelledby="link-title" sx={{ p: 4, borderRadius: 2 }}>
          <Typography id="link-title" variant="h6" component="h2" sx={{ mb: 4 }}>
            {t('resources.merchant-info.links.linkTitle')}
          </Typography>
          {mine.isSuccess && masters.length === 0 ? (
            <Typography>{t('resources.merchant-info.links.noMasters')}</Typography>
          ) : (
            <Box component="form" onSubmit={(e) => void link(e)} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr auto' }, gap: 3, alignItems: 'start' }}>
              <TextField select required id="link-master" label={t('resources.merchant-info.links.master')} value={masterId} onChange={(e) => setMasterId(e.target.value)}>
                {masters.map((m) => (
                  <MenuItem key={m.id} value={String(m.id)}>
                    {m.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select required id="link-type" label={t('resources.merchant-info.links.linkingType')} value={linkingType} onChange={(e) => setLinkingType(e.target.value)}>
                {LINKING_TYPES.map((v) => (
                  <MenuItem key={v} value={v}>
                    {t(`resources.merchant-info.relationship.${v}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select required id="link-group" label={t('resources.merchant-info.links.groupRole')} value={groupRole} onChange={(e) => setGroupRole(e.target.value)}>
                {LINKED_GROUP_ROLES.map((v) => (
                  <MenuItem key={v} value={v}>
                    {t(`resources.merchant-info.groupRoles.${v}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Button type="submit" variant="contained" disabled={!masterId} sx={{ mt: 1 }}>
                {t('resources.merchant-info.links.submit')}
              </Button>
            </Box>
          )}
        </Paper>
      )}
      <Box component="section" aria-labelledby="register-title">
        <Typography id="register-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('resources.merchant-info.register.title')}
        </Typography>
        {registered && (
          <Alert
            severity="success"
            sx={{ mb: 3 }}
            action={
              <Button color="inherit" size="small" onClick={() => navigate(CHOOSE_MERCHANT_PATH, { state: { manual: true } })}>
                {t('resources.merchant-info.register.switch')}
              </Button>
            }
          >
            {t('resources.merchant-info.register.done', { name: registered.name, code: registered.partnerCode })}
          </Alert>
        )}
        {registering ? (
          <MerchantFieldsForm
            mode="register"
            initial={emptyValues()}
            onCancel={() => setRegistering(false)}
            onSubmit={async (values) => {
              try {
                setRegistered(await api.registerMerchant(values as RegisterMerchantInput));
                setRegistering(false);
              } catch {
                // Toasted by the httpClient.
              }
            }}
          />
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('resources.merchant-info.register.intro')}
            </Typography>
            <Button variant="outlined" onClick={() => setRegistering(true)}>
              {t('resources.merchant-info.register.open')}
            </Button>
          </>
        )}
      </Box>
    </Box>
  );
}
