// Stand-ins for the shell modules in this feature's component tests: the admin kit's logged admin of
// company 7 and its socket whose events the test emits, with unit data that has the gateway enabled.
import { ID_EMPRESA } from '../../../testing/kit.tsx';

export { makeCurrentUser, emitSocket, ID_EMPRESA, sessionModule, shell, socketModule } from '../../../testing/kit.tsx';

export const unitDataModule = {
  unitDataQuery: { queryKey: ['unit-data'] },
  useLoadedUnitData: () => ({ evolutionHabilitado: true, dados_unidade: { idEmpresa: ID_EMPRESA }, instancias_evolution: [] }),
};
