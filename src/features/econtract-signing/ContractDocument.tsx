import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import type { EContractDetail } from '@/domain/econtracts';
import { contractFileName } from '@/domain/econtracts';
import { downloadFile } from '@/files';
import { notify } from '@/components/notifications/notifier';
import { usePortalApi } from '@/dataProvider/usePortalApi';

interface ContractDocumentProps {
  merchantId: number;
  contract: EContractDetail;
}

/**
 * A contract as a readable document: its content as text in the page (accessible, searchable), the PDF
 * the server generates shown on demand in a frame, and a download of that PDF.
 */
export function ContractDocument({ merchantId, contract }: ContractDocumentProps) {
  const { t } = useTranslation();
  const api = usePortalApi();
  const [showPdf, setShowPdf] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(() => api.getContractPdf(merchantId, contract.id, 'attachment'), {
        notify,
        t,
        accept: ['application/pdf'],
        fileName: contractFileName(contract.contractNo),
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ borderRadius: 2 }}>
        <Box sx={{ px: { xs: 4, md: 6 }, pt: 4, pb: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {contract.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="contract-number">
            {t('portal.econtract.numberLine', { no: contract.contractNo, version: contract.version })}
          </Typography>
        </Box>
        <Box
          component="article"
          tabIndex={0}
          aria-label={t('portal.econtract.documentLabel', { no: contract.contractNo })}
          sx={{ px: { xs: 4, md: 6 }, py: 4, maxHeight: 440, overflowY: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
        >
          {contract.sections.map((section, index) => (
            <Box key={index} sx={{ mb: 4 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {section.heading}
              </Typography>
              {section.paragraphs.map((paragraph, p) => (
                <Typography key={p} variant="body2" sx={{ mb: 1.5, lineHeight: 1.7 }}>
                  {paragraph}
                </Typography>
              ))}
            </Box>
          ))}
        </Box>
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" startIcon={<PictureAsPdfOutlined aria-hidden />} onClick={() => setShowPdf((v) => !v)} aria-expanded={showPdf}>
          {showPdf ? t('portal.econtract.hidePdf') : t('portal.econtract.viewPdf')}
        </Button>
        <Button
          variant="outlined"
          startIcon={downloading ? <CircularProgress size={18} aria-hidden /> : <DownloadOutlined aria-hidden />}
          onClick={() => void download()}
          disabled={downloading}
        >
          {t('portal.econtract.downloadPdf')}
        </Button>
      </Stack>
      {showPdf && <PdfFrame merchantId={merchantId} contract={contract} />}
    </Stack>
  );
}

function PdfFrame({ merchantId, contract }: ContractDocumentProps) {
  const { t } = useTranslation();
  const api = usePortalApi();
  const pdf = useQuery({
    // The signed state is part of the key: signing changes the document.
    queryKey: ['portal', 'econtract-pdf', merchantId, contract.id, contract.status],
    queryFn: () => api.getContractPdf(merchantId, contract.id, 'inline'),
    staleTime: 60_000,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf.data) return undefined;
    const objectUrl = URL.createObjectURL(pdf.data.blob as Blob);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [pdf.data]);

  if (pdf.isError) return <Alert severity="error">{t('portal.econtract.pdfError')}</Alert>;
  if (!src) return <CircularProgress aria-label={t('portal.common.loading')} />;
  return (
    <Box
      component="iframe"
      src={src}
      title={t('portal.econtract.pdfTitle', { no: contract.contractNo })}
      data-testid="contract-pdf"
      sx={{ width: '100%', height: 640, border: 1, borderColor: 'divider', borderRadius: 2 }}
    />
  );
}
