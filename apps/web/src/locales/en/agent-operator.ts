import type { Resource } from '../resource';
import type { agentOperator as th } from '../th/agent-operator';

export const agentOperator: Resource<typeof th> = {
  title: 'Agent operators',
  description: "Each agent's operator accounts. A username is unique within its agent.",
  add: 'ADD',
  addLabel: 'Add operator',
  createTitle: 'Register an agent operator',
  editTitle: 'Edit agent operator',
  fields: {
    agent: 'Agent',
    username: 'Username',
    password: 'Password',
    newPassword: 'New password',
    type: 'Type',
    locked: 'Status',
    lockedSwitch: 'Lock this account',
    createdAt: 'Created',
  },
  usernameHint: '3–32 characters: a–z, A–Z, 0–9 and _',
  passwordHint: '8–128 characters',
  newPasswordHint: 'Leave blank to keep the current password (8–128 characters)',
  types: {
    SUPERMANAGER: 'SUPERMANAGER — top manager',
    MANAGER: 'MANAGER — manager',
    OPERATOR: 'OPERATOR — operator',
    REPORTER: 'REPORTER — reports only',
  },
  lockedYes: 'Locked',
  lockedNo: 'Active',
  openAgent: 'Open agent {{agent}}',
  delete: 'Delete',
  editLabel: 'Edit {{username}}',
  deleteLabel: 'Delete {{username}}',
  emptyTitle: 'No operators found',
  confirm: {
    deleteTitle: 'Confirm operator deletion',
    deleteMessage: 'Delete account {{username}} of agent {{agent}}? It can no longer be used.',
    delete: 'Delete account',
  },
  toast: {
    created: '{{username}} registered',
    updated: '{{username}} saved',
    deleted: '{{username}} deleted',
  },
};
