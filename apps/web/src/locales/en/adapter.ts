import type { Resource } from '../resource';
import type { adapter as th } from '../th/adapter';

export const adapter: Resource<typeof th> = {
  description: 'Game providers (game camps) connected to the platform, and the codes agents pick games by',
  add: 'Add game',
  createTitle: 'Add game provider',
  editTitle: 'Edit game provider',
  fields: {
    name: 'Name',
    codename: 'Code',
    type: 'Type',
    endpoint: 'Endpoint',
    logo: 'Logo',
    isDisable: 'Status',
  },
  hints: {
    name: 'Display name of the provider; it cannot be changed once created',
    nameReadOnly: 'The name cannot be changed once created',
    codename: 'Upper-case A–Z, 0–9 and _ (2–32 characters), unique among providers',
    endpoint: 'URL of the provider API, starting with http:// or https://',
    logo: 'URL of the logo image, starting with http:// or https://',
  },
  filters: {
    name: 'Provider name',
    status: 'Status',
  },
  types: {
    SLOT: 'Slots',
    LIVE: 'Live casino',
    SPORT: 'Sports',
    FISHING: 'Fishing',
    TABLE: 'Table games',
    LOTTO: 'Lottery',
    OTHER: 'Other',
  },
  enabled: 'Enabled',
  disabled: 'Disabled',
  toggle: 'Game provider {{name}} enabled',
  editLabel: 'Edit {{name}}',
  logoAlt: 'Logo of {{name}}',
  openLink: '{{url}} (opens in a new tab)',
  confirm: {
    title: 'Confirm enable/disable',
    disableMessage:
      'Disable the game provider {{name}} ({{codename}})? Agents cannot add it to their games until it is enabled again.',
    enableMessage: 'Enable the game provider {{name}} ({{codename}})?',
    disable: 'Confirm disable',
    enable: 'Confirm enable',
  },
  toast: {
    created: 'Game provider {{name}} added',
    updated: 'Game provider {{name}} saved',
    disabled: 'Game provider {{name}} disabled',
    enabled: 'Game provider {{name}} enabled',
  },
};
