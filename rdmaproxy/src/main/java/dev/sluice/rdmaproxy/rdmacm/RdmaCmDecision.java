package dev.sluice.rdmaproxy.rdmacm;

import java.util.List;

/**
 * What {@link RdmaCmPolicy} decided about one rdma_cm command: {@link Refuse refused}, with the
 * errno the guest's {@code write()} returns and one line for the log, or {@link Execute executed}
 * by the sentry, with what the executor must do around the kernel call.
 */
public sealed interface RdmaCmDecision permits RdmaCmDecision.Refuse, RdmaCmDecision.Execute {

    /**
     * The command is not executed; the guest's {@code write()} fails with {@code errno}.
     *
     * @param errno the errno (EINVAL for what the policy refuses, or what the kernel would answer:
     *     ENOSYS, ENOSPC, EFAULT, EACCES)
     * @param reason one line naming the command and why, e.g. {@code rdma_cm:
     *     RDMA_USER_CM_CMD_BIND_IP: source address 10.0.0.9 is not one of the sandbox's (10.0.2.15)
     *     or the wildcard}
     */
    record Refuse(int errno, String reason) implements RdmaCmDecision, RdmaCmParsed {}

    /**
     * Which way the bytes behind a guest pointer go.
     *
     * <ul>
     *   <li>{@code IN}: the kernel reads them. The executor copies them from the guest into a
     *       buffer of its own once, before the call, and points the field at that buffer.
     *   <li>{@code OUT}: the kernel writes them. The executor points the field at a buffer of its
     *       own and copies the buffer to the guest after a successful call.
     * </ul>
     */
    enum Direction {
        IN,
        OUT
    }

    /**
     * A {@code u64} user pointer in the command that the kernel follows, to be replaced by the
     * address of a sentry buffer.
     *
     * @param field the C member name ({@code response}, {@code optval})
     * @param offset where the {@code u64} is in the written bytes, header included ({@code
     *     rdma_ucm_cmd_hdr} is 8 bytes, so this is 8 plus the member's {@code offsetof})
     * @param address the guest address the command holds there
     * @param length how many bytes the kernel reads ({@code IN}) or, at most, writes ({@code OUT})
     * @param direction which way they go
     * @param whole for {@code OUT}: whether the kernel writes all {@code length} bytes on success.
     *     Where it may write fewer (QUERY's PATH option), the executor fills its buffer from the
     *     guest first, so that bytes the kernel leaves keep the guest's values when copied back.
     * @param vet for {@code IN}: whether the policy must see the bytes before the call ({@link
     *     RdmaCmPolicy#vetInput}); the kernel then reads exactly the bytes that were vetted
     */
    record GuestPointer(
            String field,
            int offset,
            long address,
            int length,
            Direction direction,
            boolean whole,
            boolean vet) {}

    /**
     * A {@code u32} field holding a file descriptor number of the guest, which the kernel looks up
     * in the fd table of the process that writes: the executor replaces it by its own number for
     * the same open file (MIGRATE_ID's {@code fd}).
     *
     * @param field the C member name
     * @param offset where the {@code u32} is in the written bytes, header included
     * @param fd the guest's number
     */
    record GuestFd(String field, int offset, int fd) {}

    /**
     * What the policy records once the command has run ({@link RdmaCmPolicy#executed}).
     *
     * <ul>
     *   <li>{@code NONE}: nothing.
     *   <li>{@code CREATED_ID}: the response's {@code id} ({@code rdma_ucm_create_id_resp}) becomes
     *       one of this file's ids.
     *   <li>{@code DESTROYED_ID}, {@code LEFT_MULTICAST}: nothing more; the id was forgotten when
     *       the command was decided, before the kernel could hand its number to a new id.
     *   <li>{@code BOUND}: the id is bound to one of the sandbox's GIDs (AF_IB).
     *   <li>{@code JOINED_MULTICAST}: the response's {@code id} becomes one of this file's
     *       multicast ids, belonging to the id the command named.
     *   <li>{@code EVENT}: if the event ({@code rdma_ucm_event_resp}) is a connect request, its
     *       {@code id}, a new id the kernel made for the connection, becomes one of this file's.
     *   <li>{@code MIGRATED}: the id, and its multicast ids, move from {@link Execute#from()} to
     *       this file.
     * </ul>
     */
    enum Effect {
        NONE,
        CREATED_ID,
        DESTROYED_ID,
        BOUND,
        JOINED_MULTICAST,
        LEFT_MULTICAST,
        EVENT,
        MIGRATED
    }

    /**
     * The sentry executes the command itself, on its own copy.
     *
     * <p>The executor writes {@link #bytes()} (not the guest's buffer) to its descriptor of the
     * guest's rdma_cm file, after pointing every {@link #pointers() pointer} at a sentry buffer and
     * replacing every {@link #fds() fd}; the write must run in the sandbox's network namespace
     * (rdma_cm resolves addresses, routes and ports in the namespace of the writer). On success it
     * copies the {@code OUT} buffers to the guest and calls {@link RdmaCmPolicy#executed} with the
     * response; the guest's {@code write()} returns the length it wrote. A kernel error is returned
     * to the guest as it is.
     *
     * @param command the command as parsed
     * @param bytes what to write: the guest's bytes, with any field the policy changed ({@link
     *     #detail()} says which)
     * @param pointers the user pointers the kernel follows, in field order
     * @param fds the guest fd numbers the kernel looks up
     * @param mayBlock whether the kernel may sleep until something happens on the network
     *     (GET_EVENT on a file without O_NONBLOCK): the executor waits for the file to be readable
     *     while the guest waits, and runs it then (ucma returns ERESTARTSYS on a signal; the
     *     guest's signal ends the executor's wait instead)
     * @param effect what {@link RdmaCmPolicy#executed} records from the response
     * @param from for MIGRATE_ID, the policy of the file the id leaves; null otherwise
     * @param detail what the policy changed or wants logged at DEBUG, empty when nothing
     */
    record Execute(
            RdmaCmCommand command,
            byte[] bytes,
            List<GuestPointer> pointers,
            List<GuestFd> fds,
            boolean mayBlock,
            Effect effect,
            RdmaCmPolicy from,
            String detail)
            implements RdmaCmDecision {
        public Execute {
            bytes = bytes.clone();
            pointers = List.copyOf(pointers);
            fds = List.copyOf(fds);
        }

        /** A copy of the bytes to write. */
        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        /** The pointer whose bytes the policy must vet, or null. */
        public GuestPointer vetted() {
            for (GuestPointer p : pointers) {
                if (p.vet()) {
                    return p;
                }
            }
            return null;
        }

        /** The {@code OUT} pointer named {@code response}, or null. */
        public GuestPointer response() {
            for (GuestPointer p : pointers) {
                if (p.direction() == Direction.OUT && p.field().equals("response")) {
                    return p;
                }
            }
            return null;
        }
    }
}
