import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import { CHOOSE_MERCHANT_PATH } from '@/authProvider/paths';
import { getAuth, getCurrentMerchant } from '@/authProvider/session';
import { PRODUCT_NAME } from '@/config';
import { KybBadge } from '@/components/KybBadge';
import { useMerchantTypeLabel } from '@/components/MerchantTypeLabel';
import { flattenMenu } from '@/layout/menu';
import { useMenu } from '@/layout/useMenu';
import { usePathOf } from '@/resourceConfig';

/**
 * Welcome (spec §2): greets the user by name, shows the merchant being worked on (name, brand, type,
 * KYB state) and shortcuts to every sidebar entry the user is allowed to open.
 */
export default function WelcomePage() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const navigate = useNavigate();
  const typeLabel = useMerchantTypeLabel();
  const auth = getAuth();
  const merchant = getCurrentMerchant();
  const menu = useMenu();
  const shortcuts = flattenMenu(menu.items).filter((item) => item.resource !== 'welcome');

  return (
    <Stack spacing={6} sx={{ maxWidth: 1200 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {translate('portal.welcome.greeting', { name: auth?.name || auth?.username || '' })}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          {translate('portal.welcome.intro', { product: PRODUCT_NAME })}
        </Typography>
      </Box>

      {merchant && (
        <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, borderRadius: 3 }} aria-labelledby="welcome-merchant">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4} sx={{ justifyContent: 'space-between' }}>
            <Typography id="welcome-merchant" variant="h6" component="h2">
              {translate('portal.welcome.merchantTitle')}
            </Typography>
            <Button
              startIcon={<SwapHorizOutlined aria-hidden />}
              onClick={() => navigate(CHOOSE_MERCHANT_PATH, { state: { manual: true } })}
            >
              {translate('portal.merchant.switch')}
            </Button>
          </Stack>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 8, rowGap: 3, mt: 4, mb: 0 }}
          >
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              {translate('portal.welcome.merchantName')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="welcome-merchant-name">
              {merchant.name}
            </Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              {translate('portal.welcome.brandName')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {merchant.brandName || translate('portal.common.none')}
            </Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              {translate('portal.welcome.type')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {typeLabel(merchant.type)}
            </Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              {translate('portal.welcome.kyb')}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <KybBadge stateCode={merchant.stateCode} />
            </Box>
          </Box>
        </Paper>
      )}

      <Box component="section" aria-labelledby="welcome-shortcuts">
        <Typography id="welcome-shortcuts" variant="h6" component="h2" sx={{ mb: 3 }}>
          {translate('portal.welcome.shortcuts')}
        </Typography>
        {menu.isPending ? (
          <Grid container spacing={4}>
            {[0, 1, 2].map((key) => (
              <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
                <Skeleton variant="rounded" height={88} />
              </Grid>
            ))}
          </Grid>
        ) : shortcuts.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{translate('portal.welcome.noShortcuts')}</Typography>
        ) : (
          <Grid container spacing={4} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {shortcuts.map((item) => {
              const Icon = item.icon ?? CircleOutlined;
              return (
                <Grid key={item.key} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                  <Card variant="outlined" sx={{ height: '100%', borderRadius: 3 }}>
                    <CardActionArea component={RouterLink} to={item.to ?? pathOf('welcome', 'page')} sx={{ height: '100%' }}>
                      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                        <Icon color="primary" aria-hidden />
                        <Typography sx={{ fontWeight: 600 }}>
                          {item.label || (item.labelKey ? translate(item.labelKey) : '')}
                        </Typography>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Grid>
              );
            })}
          </Grid>
        )}
      </Box>
    </Stack>
  );
}
