import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';
import type { EContract, EContractStatus } from '@/domain/econtracts';
import { formatDateTime } from '@/domain/format';

const STATUS_COLORS: Record<EContractStatus, 'warning' | 'success' | 'default' | 'error'> = {
  PENDING: 'warning',
  SIGNED: 'success',
  CANCELLED: 'default',
  EXPIRED: 'error',
};

export function EContractStatusChip({ status }: { status: EContractStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLORS[status]} variant={status === 'SIGNED' ? 'filled' : 'outlined'} label={translate(`portal.econtract.status.${status}`)} />;
}

export function StatusField() {
  const record = useRecordContext<EContract>();
  return record ? <EContractStatusChip status={record.status} /> : null;
}

export function TypeField() {
  const record = useRecordContext<EContract>();
  const translate = useTranslate();
  return record ? <>{translate(`portal.econtract.types.${record.type}`, { _: record.type })}</> : null;
}

export function SignedAtField() {
  const record = useRecordContext<EContract>();
  return <>{record?.signedAt ? formatDateTime(record.signedAt) : '-'}</>;
}

export function SignerField() {
  const record = useRecordContext<EContract>();
  return <>{record?.signer ? record.signer.name : '-'}</>;
}
