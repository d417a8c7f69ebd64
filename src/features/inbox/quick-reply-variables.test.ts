import { describe, expect, it } from 'vitest';
import { fillVariables, unfilledVariables, variableValues } from './quick-reply-variables';

const values = variableValues({
  contact: { first_name: 'Sofia', last_name: 'Moreau' },
  agentName: 'Ana Agent',
  channelName: 'Acme Sales',
});

describe('quick reply variables', () => {
  it('fills the contact, the agent and the channel, whatever the spacing and case', () => {
    expect(
      fillVariables('Hi {{contact.first_name}}, {{ agent.first_name }} from {{Channel.Name}} here.', values),
    ).toBe('Hi Sofia, Ana from Acme Sales here.');
    expect(fillVariables('{{contact.name}} / {{agent.name}}', values)).toBe('Sofia Moreau / Ana Agent');
  });

  it('leaves an unknown variable, or one without a value here, as written, and lists each once', () => {
    const noContact = variableValues({ contact: null, agentName: 'Ana Agent' });
    const text = fillVariables('Hi {{contact.first_name}}, order {{order.id}} ({{order.id}})', noContact);
    expect(text).toBe('Hi {{contact.first_name}}, order {{order.id}} ({{order.id}})');
    expect(unfilledVariables(text)).toEqual(['{{contact.first_name}}', '{{order.id}}']);
  });

  it('finds nothing to fill in plain text or in single braces', () => {
    expect(unfilledVariables('Plain {text} and {{ }}')).toEqual([]);
    expect(fillVariables('Plain {text}', values)).toBe('Plain {text}');
  });

  it('takes a contact with only a last name as the whole name', () => {
    const v = variableValues({ contact: { first_name: null, last_name: 'Moreau' } });
    expect(fillVariables('{{contact.name}}|{{contact.first_name}}', v)).toBe('Moreau|{{contact.first_name}}');
  });
});
