// The CRM host's route implementations, by route id. The dispatcher (mocks/core) has already
// checked the key, the scope and the input against the contract before any of these run.
import type { RouteImpls } from '../core/types';
import { activitiesOfCustomer, activitiesOfLead, createActivity } from './activities';
import { contactsOfCustomer, createContact, getContact, updateContact } from './contacts';
import {
  addCustomerTags,
  createCustomer,
  customerStats,
  getCustomer,
  listCustomers,
  updateCustomer,
} from './customers';
import { createStage, deleteStage, listStages, updateStage } from './lead-stages';
import { createLead, deleteLead, getLead, listLeads, reassignLead, updateLead } from './leads';
import { listTags } from './tags';

export const crmImpls: RouteImpls = {
  'leads.list': listLeads,
  'leads.create': createLead,
  'leads.get': getLead,
  'leads.update': updateLead,
  'leads.delete': deleteLead,
  'leads.reassign': reassignLead,
  'leadStages.list': listStages,
  'leadStages.create': createStage,
  'leadStages.update': updateStage,
  'leadStages.delete': deleteStage,
  'customers.list': listCustomers,
  'customers.stats': customerStats,
  'customers.get': getCustomer,
  'customers.create': createCustomer,
  'customers.update': updateCustomer,
  'customers.addTags': addCustomerTags,
  'tags.list': listTags,
  'contacts.create': createContact,
  'contacts.get': getContact,
  'contacts.update': updateContact,
  'contacts.byCustomer': contactsOfCustomer,
  'activities.byCustomer': activitiesOfCustomer,
  'activities.byLead': activitiesOfLead,
  'activities.create': createActivity,
};

export type { CrmState } from './state';
export { seedCrm } from './state';
