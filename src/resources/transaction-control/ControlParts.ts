/** The translation prefix of this resource's strings. */
export const R = 'resources.transaction-control';
