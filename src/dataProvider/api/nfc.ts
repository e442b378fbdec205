import { BiometricApiPaths } from '@/domain/api';
import type { BiometricSession, BiometricState } from '@/domain/econtracts';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** The NFC/biometric check of onboarding (server/routes/nfc). */
export function nfcApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getBiometricState(merchantId: number): Promise<BiometricState> {
      return (await call<BiometricState>(BiometricApiPaths.state, { merchantId })).data;
    },
    async startBiometricSession(merchantId: number): Promise<BiometricSession> {
      return (await call<BiometricSession>(BiometricApiPaths.sessions, { method: 'POST', merchantId })).data;
    },
    async getBiometricSession(merchantId: number, sessionId: string): Promise<BiometricSession> {
      return (await call<BiometricSession>(BiometricApiPaths.session, { params: { sessionId }, merchantId })).data;
    },
    async skipBiometric(merchantId: number): Promise<BiometricState> {
      return (await call<BiometricState>(BiometricApiPaths.skip, { method: 'POST', merchantId })).data;
    },
    /** Demo mode only: completes the session as if the wallet app had read the chip. */
    async completeBiometricDemo(merchantId: number, sessionId: string): Promise<BiometricSession> {
      return (await call<BiometricSession>(BiometricApiPaths.demoComplete, { method: 'POST', params: { sessionId }, merchantId })).data;
    },
  };
}
