package dev.sluice.nvproxy.frontend;

import jnr.ffi.Pointer;

import java.util.function.IntUnaryOperator;

/**
 * Where an RM control's params name GPUs or processes, so that {@link RmControlHandler} keeps the
 * call inside the sandbox. RM answers {@code NV0000} (client) controls about every GPU the driver
 * probed, and reports processes of every client, whoever asks; natively a container still sees only
 * what its own pid namespace holds, but an emulated call is asked by the sentry, outside any
 * sandbox. Each field works on the sentry's copy of the params: {@link #check} before the call,
 * where a GPU that is not the sandbox's is refused with {@code NV_ERR_INVALID_ARGUMENT} (what RM
 * answers for a GPU id it does not know), and {@link #filter} after a successful one, where
 * whatever is not the sandbox's is taken out of the answer before the guest sees it. Offsets come
 * from the params structs, cited where the rules are made ({@code NvPolicy}).
 */
public sealed interface ScopedField {
    /** {@code NV0000_CTRL_GPU_INVALID_ID} (ctrl0000gpu.h): the end of a GPU id list. */
    int INVALID_ID = 0xffffffff;

    /** The end of the bytes this field reads or writes, which must lie within the params. */
    int extent();

    /** What the field does, for docs/ioctls.md: {@code GPU id checked}, {@code pids translated}. */
    String describe();

    /** Why the params name something outside the sandbox, or null when they do not. */
    default String check(Pointer params, SandboxScope scope) {
        return null;
    }

    /** Takes what is not the sandbox's out of a successful answer; {@code pids} translates pids. */
    default void filter(Pointer params, SandboxScope scope, IntUnaryOperator pids) {}

    /** An input {@code NvU32 gpuId} at {@code offset}. */
    record GpuId(int offset) implements ScopedField {
        @Override
        public String describe() {
            return "GPU id checked";
        }

        @Override
        public int extent() {
            return offset + 4;
        }

        @Override
        public String check(Pointer params, SandboxScope scope) {
            int id = params.getInt(offset);
            return scope.hasGpu(id)
                    ? null
                    : String.format("GPU id 0x%x is not one of the sandbox's GPUs", id);
        }
    }

    /**
     * An input list of {@code max} GPU ids at {@code offset}, ended by {@link #INVALID_ID}, in
     * which {@code all} as the first entry stands for every GPU (which RM only acknowledges, see
     * the rule).
     */
    record GpuIdList(int offset, int max, int all) implements ScopedField {
        @Override
        public String describe() {
            return "GPU ids checked";
        }

        @Override
        public int extent() {
            return offset + 4 * max;
        }

        @Override
        public String check(Pointer params, SandboxScope scope) {
            if (params.getInt(offset) == all) {
                return null;
            }
            for (int i = 0; i < max; i++) {
                int id = params.getInt(offset + 4L * i);
                if (id == INVALID_ID) {
                    break;
                }
                if (!scope.hasGpu(id)) {
                    return String.format(
                            "GPU id 0x%x (entry %d) is not one of the sandbox's GPUs", id, i);
                }
            }
            return null;
        }
    }

    /**
     * An input list of GPU ids at {@code offset} whose length is the {@code NvU32} at {@code
     * countOffset}.
     */
    record CountedGpuIds(int countOffset, int offset, int max) implements ScopedField {
        @Override
        public String describe() {
            return "GPU ids checked";
        }

        @Override
        public int extent() {
            return Math.max(countOffset + 4, offset + 4 * max);
        }

        @Override
        public String check(Pointer params, SandboxScope scope) {
            long n = Math.min(Integer.toUnsignedLong(params.getInt(countOffset)), max);
            for (int i = 0; i < n; i++) {
                int id = params.getInt(offset + 4L * i);
                if (!scope.hasGpu(id)) {
                    return String.format(
                            "GPU id 0x%x (entry %d) is not one of the sandbox's GPUs", id, i);
                }
            }
            return null;
        }
    }

    /**
     * An output list of {@code max} GPU ids at {@code offset}, valid entries first and {@link
     * #INVALID_ID} after them. Only the sandbox's stay, in RM's order; the list is ended with
     * {@link #INVALID_ID} after them. {@code parallelOffset} (or -1) is an array of {@code NvU32}
     * that RM fills entry for entry (flags): it is compacted alike and zeroed after the kept
     * entries.
     */
    record GpuIdsOut(int offset, int max, int parallelOffset) implements ScopedField {
        @Override
        public String describe() {
            return "GPUs filtered";
        }

        @Override
        public int extent() {
            return Math.max(offset, parallelOffset) + 4 * max;
        }

        @Override
        public void filter(Pointer params, SandboxScope scope, IntUnaryOperator pids) {
            int kept = 0;
            for (int i = 0; i < max; i++) {
                int id = params.getInt(offset + 4L * i);
                if (id == INVALID_ID) {
                    break;
                }
                if (scope.hasGpu(id)) {
                    params.putInt(offset + 4L * kept, id);
                    if (parallelOffset >= 0) {
                        params.putInt(
                                parallelOffset + 4L * kept, params.getInt(parallelOffset + 4L * i));
                    }
                    kept++;
                }
            }
            for (int i = kept; i < max; i++) {
                params.putInt(offset + 4L * i, INVALID_ID);
                if (parallelOffset >= 0) {
                    params.putInt(parallelOffset + 4L * i, 0);
                }
            }
        }
    }

    /**
     * An output array of {@code max} records of {@code recordSize} bytes at {@code offset}, of
     * which the {@code NvU32} at {@code countOffset} says how many are valid. Each names GPUs: one
     * id at {@code idOffset} in the record when {@code idCountOffset} is -1, else a list of up to
     * {@code idMax} ids at {@code idOffset} whose length is the {@code NvU32} at {@code
     * idCountOffset}. Records that name a GPU outside the sandbox are dropped, the rest kept in
     * order, the count lowered and the dropped tail zeroed.
     */
    record GpuRecordsOut(
            int countOffset,
            int offset,
            int recordSize,
            int max,
            int idOffset,
            int idCountOffset,
            int idMax)
            implements ScopedField {
        @Override
        public String describe() {
            return "GPUs filtered";
        }

        @Override
        public int extent() {
            return Math.max(countOffset + 4, offset + recordSize * max);
        }

        /** Records that name one GPU each. */
        public static GpuRecordsOut single(
                int countOffset, int offset, int recordSize, int max, int idOffset) {
            return new GpuRecordsOut(countOffset, offset, recordSize, max, idOffset, -1, 1);
        }

        @Override
        public void filter(Pointer params, SandboxScope scope, IntUnaryOperator pids) {
            long count = Math.min(Integer.toUnsignedLong(params.getInt(countOffset)), max);
            int kept = 0;
            byte[] rec = new byte[recordSize];
            for (int i = 0; i < count; i++) {
                long at = offset + (long) recordSize * i;
                if (ours(params, at, scope)) {
                    params.get(at, rec, 0, recordSize);
                    params.put(offset + (long) recordSize * kept, rec, 0, recordSize);
                    kept++;
                }
            }
            params.setMemory(
                    offset + (long) recordSize * kept,
                    (long) recordSize * (count - kept),
                    (byte) 0);
            params.putInt(countOffset, kept);
        }

        private boolean ours(Pointer params, long record, SandboxScope scope) {
            long n =
                    idCountOffset < 0
                            ? 1
                            : Math.min(
                                    Integer.toUnsignedLong(params.getInt(record + idCountOffset)),
                                    idMax);
            for (int j = 0; j < n; j++) {
                if (!scope.hasGpu(params.getInt(record + idOffset + 4L * j))) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * An output table of {@code max} pids at {@code offset}, {@code NvU32} count at {@code
     * countOffset}: each pid, which RM gives in the sentry's pid namespace, becomes the pid the
     * calling guest's namespace gives the process; processes outside that namespace are dropped, as
     * RM itself drops them for a caller inside it. The dropped tail is zeroed.
     */
    record PidsOut(int countOffset, int offset, int max) implements ScopedField {
        @Override
        public String describe() {
            return "pids translated";
        }

        @Override
        public int extent() {
            return Math.max(countOffset + 4, offset + 4 * max);
        }

        @Override
        public void filter(Pointer params, SandboxScope scope, IntUnaryOperator pids) {
            long count = Math.min(Integer.toUnsignedLong(params.getInt(countOffset)), max);
            int kept = 0;
            for (int i = 0; i < count; i++) {
                int guest = pids.applyAsInt(params.getInt(offset + 4L * i));
                if (guest > 0) {
                    params.putInt(offset + 4L * kept++, guest);
                }
            }
            for (long i = kept; i < count; i++) {
                params.putInt(offset + 4L * i, 0);
            }
            params.putInt(countOffset, kept);
        }
    }
}
