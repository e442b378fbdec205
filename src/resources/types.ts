// The resource config type lives with the shared code that reads it (src/resourceConfig); resources import it here.
export * from '@/resourceConfig/types';
