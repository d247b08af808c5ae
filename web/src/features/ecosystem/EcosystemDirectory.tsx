import './ecosystem.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chainsQuery, ecosystemQuery } from '@/api/queries';
import type { Chain, EcosystemProject } from '@/api/types';
import { Card } from '@/components/Card';
import { NetworkIcon } from '@/components/NetworkIcon';
import { Spinner } from '@/components/Spinner';
import { BridgeToButton } from '@/features/network-list/BridgeToButton';
import { directoryNetworks, filterProjects, NO_FILTER, type DirectoryFilter } from './directory';

type ChainsById = ReadonlyMap<number, Chain>;
const chainName = (chains: ChainsById, id: number) => chains.get(id)?.alias_name || chains.get(id)?.chain_name || String(id);

/** /ecosystem: the networks and projects of config/ecosystem.json, searchable and filterable. */
export function EcosystemDirectory() {
  const { t } = useTranslation();
  const directory = useQuery(ecosystemQuery());
  const chainList = useQuery(chainsQuery());
  const chains = useMemo<ChainsById>(() => new Map((chainList.data ?? []).map((c) => [c.chain_id, c])), [chainList.data]);
  const [filter, setFilter] = useState<DirectoryFilter>(NO_FILTER);

  if (directory.isPending) return <Spinner label={t('ecosystem.loading')} />;
  if (directory.isError) {
    return (
      <p className="form-error" role="alert">
        {t('ecosystem.error')}{' '}
        <button type="button" className="btn btn--soft" onClick={() => void directory.refetch()}>
          {t('ecosystem.retry')}
        </button>
      </p>
    );
  }
  const { categories, projects } = directory.data;
  const networks = directoryNetworks(projects);
  const shown = filterProjects(projects, filter);
  return (
    <div className="ecosystem">
      <NetworkCards networks={networks} chains={chains} projects={projects} />
      <section aria-labelledby="ecosystem-projects">
        <h2 id="ecosystem-projects" className="ecosystem__title">
          {t('ecosystem.projects')}
        </h2>
        <Filters categories={categories} networks={networks} chains={chains} filter={filter} onChange={setFilter} />
        <p className="ecosystem__count" aria-live="polite">
          {t('ecosystem.count', { count: shown.length })}
        </p>
        {shown.length === 0 ? (
          <p className="ecosystem__empty">{t('ecosystem.empty')}</p>
        ) : (
          <ul className="ecosystem__grid">
            {shown.map((p) => (
              <ProjectCard key={p.name} project={p} chains={chains} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function NetworkCards({ networks, chains, projects }: { networks: number[]; chains: ChainsById; projects: EcosystemProject[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="ecosystem-networks">
      <h2 id="ecosystem-networks" className="ecosystem__title">
        {t('ecosystem.networks')}
      </h2>
      <ul className="ecosystem__networks">
        {networks.map((id) => {
          const name = chainName(chains, id);
          const count = projects.filter((p) => p.networks.includes(id)).length;
          return (
            <li key={id} className="ecosystem__network card">
              <NetworkIcon name={name} icon={chains.get(id)?.icon} />
              <span className="ecosystem__network-name">{name}</span>
              <span className="ecosystem__network-count">{t('ecosystem.projectCount', { count })}</span>
              <BridgeToButton chainId={id} name={name} flags={chains.get(id)?.flags} label={t('ecosystem.bridgeTo', { name })} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface FiltersProps {
  categories: string[];
  networks: number[];
  chains: ChainsById;
  filter: DirectoryFilter;
  onChange: (f: DirectoryFilter) => void;
}

function Filters({ categories, networks, chains, filter, onChange }: FiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="ecosystem__filters">
      <input
        type="search"
        className="input"
        aria-label={t('ecosystem.search')}
        placeholder={t('ecosystem.search')}
        value={filter.query}
        onChange={(e) => onChange({ ...filter, query: e.target.value })}
      />
      <div className="button-row" role="group" aria-label={t('ecosystem.category')}>
        {['', ...categories].map((c) => (
          <button
            key={c || 'all'}
            type="button"
            className={`btn btn--soft${filter.category === c ? ' is-active' : ''}`}
            aria-pressed={filter.category === c}
            onClick={() => onChange({ ...filter, category: c })}
          >
            {c || t('ecosystem.allCategories')}
          </button>
        ))}
      </div>
      <select
        className="input"
        aria-label={t('ecosystem.network')}
        value={filter.chainId ?? ''}
        onChange={(e) => onChange({ ...filter, chainId: e.target.value === '' ? null : Number(e.target.value) })}
      >
        <option value="">{t('ecosystem.allNetworks')}</option>
        {networks.map((id) => (
          <option key={id} value={id}>
            {chainName(chains, id)}
          </option>
        ))}
      </select>
    </div>
  );
}

function ProjectCard({ project, chains }: { project: EcosystemProject; chains: ChainsById }) {
  const { t } = useTranslation();
  return (
    <li>
      <Card>
        <div className="ecosystem__project-head">
          <span className="ecosystem__avatar" aria-hidden="true">
            {project.name.slice(0, 1)}
          </span>
          <h3 className="ecosystem__project-name">{project.name}</h3>
          <span className="tag tag--muted">{project.category}</span>
        </div>
        <p className="ecosystem__text">{project.text}</p>
        <ul className="ecosystem__project-networks" aria-label={t('ecosystem.runsOn')}>
          {project.networks.map((id) => (
            <li key={id} title={chainName(chains, id)}>
              <NetworkIcon name={chainName(chains, id)} icon={chains.get(id)?.icon} />
              <span className="visually-hidden">{chainName(chains, id)}</span>
            </li>
          ))}
        </ul>
        <a className="btn btn--soft" href={project.link} target="_blank" rel="noopener noreferrer">
          {t('ecosystem.visit', { name: project.name })}
        </a>
      </Card>
    </li>
  );
}
