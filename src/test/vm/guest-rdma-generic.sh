#!/usr/bin/env bash
# Guest script of the RDMA VM suite's generic-plugin case (`mvn -Prdma-vm verify`,
# RdmaVmE2ETest#rdmaGenericSuite): the tests of guest-rdma-sluice.sh, with the same Soft-RoCE setup,
# each once under `sluice run --rdma rxe0 --rdma-generic=force --stats`, so that rxe0 is served by
# the generic plugin (core verbs only, every driver-data blob refused) instead of rxe's. It reports
# what still works and what is refused: generic_TEST=ok|refused|fail with the trapped, denied and
# driver-data counts (generic_verdict in guest-rdma-sluice.sh). No native pass: the suite's own boot
# has it.
#
# PAIR_TIMEOUT is shorter than the suite's: an rping whose client is refused leaves its server
# waiting for a connection until then.
SLUICE_RDMA_MODES=generic
export PAIR_TIMEOUT=${PAIR_TIMEOUT:-45}
. "$(dirname "$0")/guest-rdma-sluice.sh"
