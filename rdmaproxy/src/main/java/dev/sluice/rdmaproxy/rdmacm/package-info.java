/**
 * The rdma_cm command model and its mediation policy: what a sandbox may ask of {@code
 * /dev/infiniband/rdma_cm}, decided command by command. Pure: nothing here touches a file, guest
 * memory or the kernel.
 *
 * <p>librdmacm drives rdma_cm only by {@code write()}s of {@code rdma_ucm_cmd_hdr} plus a command
 * struct ({@link dev.sluice.rdmaproxy.abi.RdmaCmAbi}). The sentry's strict rdma_cm mode traps those
 * writes; for each it copies the written bytes once, parses them ({@link
 * dev.sluice.rdmaproxy.rdmacm.RdmaCmCommand}), and asks the file's {@link
 * dev.sluice.rdmaproxy.rdmacm.RdmaCmPolicy}. What is allowed the sentry executes itself, on that
 * copy, with every user pointer the kernel follows redirected to a sentry buffer ({@link
 * dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Execute}). That plumbing is not in this package.
 *
 * <p>Security reasoning. Executing on the sentry's copy removes the race a guest thread could
 * otherwise run against the checks (the kernel reads what was checked), and redirected pointers
 * keep the kernel from writing anywhere but sentry buffers. The price is that the kernel sees the
 * sentry as the caller: whatever ucma and the RDMA CM take from {@code current} is the sentry's.
 * The policy makes up for each such use it knows of:
 *
 * <ul>
 *   <li>the network namespace ({@code rdma_create_user_id} records the writer's): the executor must
 *       write from the sandbox's namespace; addresses, routes and port spaces are then the
 *       sandbox's, and a wildcard listener only sees requests arriving there, except AF_IB ones,
 *       which the policy keeps off the wildcard;
 *   <li>{@code CAP_NET_BIND_SERVICE} ({@code cma_use_port}): source ports below 1024 are refused
 *       unless the sandbox may bind them;
 *   <li>the fd table ({@code ucma_migrate_id}'s {@code fd}): MIGRATE_ID is decided only with the
 *       policy of the file the guest's number names, and the executor substitutes its own number.
 * </ul>
 *
 * The kernel's own per-file ownership of ids stays in force: the policy's id tracking is a second
 * check that names the offending id in the log, and the place that bounds how many a file holds.
 *
 * <p>Locking: each policy guards its state with its own monitor and never holds two at once.
 */
package dev.sluice.rdmaproxy.rdmacm;
