/** The marketing gate (issue 17, spec §4): marketing screens open once the merchant's ADS service is onboarded. */
export { MarketingGate, MarketingGateNotice, gateReason, marketingGateKey, useMarketingGate } from './MarketingGate';
export { MarketingNav } from './MarketingNav';
