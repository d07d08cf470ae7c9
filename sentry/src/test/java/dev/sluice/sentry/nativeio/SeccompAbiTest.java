package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.ipc.SocketAbiTest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Every size, offset and request number the sentry hard-codes for the seccomp notification ABI,
 * compared with {@code sluice-abi-dump}, which prints them from the real kernel and glibc headers.
 * Syscall numbers ({@code SYS_*} lines) are compared by {@link SyscallsTest}, signals ({@code
 * SIG*}) by {@link SignalsTest}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SeccompAbiTest {

    /**
     * Dump name -> the Java constant that must equal it. Java field names are listed for the
     * completeness checks.
     */
    private record Row(String dumpName, String javaName, long javaValue) {
        @Override
        public String toString() {
            return dumpName + " = " + javaName;
        }
    }

    private static final List<Row> ROWS =
            List.of(
                    seccomp("sizeof.seccomp_data", "DATA_SIZE", SeccompAbi.DATA_SIZE),
                    seccomp("offsetof.seccomp_data.nr", "DATA_OFF_NR", SeccompAbi.DATA_OFF_NR),
                    seccomp(
                            "offsetof.seccomp_data.arch",
                            "DATA_OFF_ARCH",
                            SeccompAbi.DATA_OFF_ARCH),
                    seccomp(
                            "offsetof.seccomp_data.instruction_pointer",
                            "DATA_OFF_IP",
                            SeccompAbi.DATA_OFF_IP),
                    seccomp(
                            "offsetof.seccomp_data.args",
                            "DATA_OFF_ARGS",
                            SeccompAbi.DATA_OFF_ARGS),
                    seccomp("sizeof.seccomp_notif", "NOTIF_SIZE", SeccompAbi.NOTIF_SIZE),
                    seccomp("offsetof.seccomp_notif.id", "NOTIF_OFF_ID", SeccompAbi.NOTIF_OFF_ID),
                    seccomp(
                            "offsetof.seccomp_notif.pid",
                            "NOTIF_OFF_PID",
                            SeccompAbi.NOTIF_OFF_PID),
                    seccomp(
                            "offsetof.seccomp_notif.flags",
                            "NOTIF_OFF_FLAGS",
                            SeccompAbi.NOTIF_OFF_FLAGS),
                    seccomp(
                            "offsetof.seccomp_notif.data",
                            "NOTIF_OFF_DATA",
                            SeccompAbi.NOTIF_OFF_DATA),
                    seccomp("sizeof.seccomp_notif_resp", "RESP_SIZE", SeccompAbi.RESP_SIZE),
                    seccomp(
                            "offsetof.seccomp_notif_resp.id",
                            "RESP_OFF_ID",
                            SeccompAbi.RESP_OFF_ID),
                    seccomp(
                            "offsetof.seccomp_notif_resp.val",
                            "RESP_OFF_VAL",
                            SeccompAbi.RESP_OFF_VAL),
                    seccomp(
                            "offsetof.seccomp_notif_resp.error",
                            "RESP_OFF_ERROR",
                            SeccompAbi.RESP_OFF_ERROR),
                    seccomp(
                            "offsetof.seccomp_notif_resp.flags",
                            "RESP_OFF_FLAGS",
                            SeccompAbi.RESP_OFF_FLAGS),
                    seccomp("sizeof.seccomp_notif_addfd", "ADDFD_SIZE", SeccompAbi.ADDFD_SIZE),
                    seccomp(
                            "offsetof.seccomp_notif_addfd.id",
                            "ADDFD_OFF_ID",
                            SeccompAbi.ADDFD_OFF_ID),
                    seccomp(
                            "offsetof.seccomp_notif_addfd.flags",
                            "ADDFD_OFF_FLAGS",
                            SeccompAbi.ADDFD_OFF_FLAGS),
                    seccomp(
                            "offsetof.seccomp_notif_addfd.srcfd",
                            "ADDFD_OFF_SRCFD",
                            SeccompAbi.ADDFD_OFF_SRCFD),
                    seccomp(
                            "offsetof.seccomp_notif_addfd.newfd",
                            "ADDFD_OFF_NEWFD",
                            SeccompAbi.ADDFD_OFF_NEWFD),
                    seccomp(
                            "offsetof.seccomp_notif_addfd.newfd_flags",
                            "ADDFD_OFF_NEWFD_FLAGS",
                            SeccompAbi.ADDFD_OFF_NEWFD_FLAGS),
                    seccomp(
                            "SECCOMP_IOCTL_NOTIF_RECV",
                            "IOCTL_NOTIF_RECV",
                            SeccompAbi.IOCTL_NOTIF_RECV),
                    seccomp(
                            "SECCOMP_IOCTL_NOTIF_SEND",
                            "IOCTL_NOTIF_SEND",
                            SeccompAbi.IOCTL_NOTIF_SEND),
                    seccomp(
                            "SECCOMP_IOCTL_NOTIF_ID_VALID",
                            "IOCTL_NOTIF_ID_VALID",
                            SeccompAbi.IOCTL_NOTIF_ID_VALID),
                    seccomp(
                            "SECCOMP_IOCTL_NOTIF_ADDFD",
                            "IOCTL_NOTIF_ADDFD",
                            SeccompAbi.IOCTL_NOTIF_ADDFD),
                    seccomp(
                            "SECCOMP_IOCTL_NOTIF_SET_FLAGS",
                            "IOCTL_NOTIF_SET_FLAGS",
                            SeccompAbi.IOCTL_NOTIF_SET_FLAGS),
                    seccomp(
                            "SECCOMP_USER_NOTIF_FLAG_CONTINUE",
                            "USER_NOTIF_FLAG_CONTINUE",
                            SeccompAbi.USER_NOTIF_FLAG_CONTINUE),
                    seccomp(
                            "SECCOMP_ADDFD_FLAG_SETFD",
                            "ADDFD_FLAG_SETFD",
                            SeccompAbi.ADDFD_FLAG_SETFD),
                    seccomp(
                            "SECCOMP_ADDFD_FLAG_SEND",
                            "ADDFD_FLAG_SEND",
                            SeccompAbi.ADDFD_FLAG_SEND),
                    seccomp(
                            "SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP",
                            "USER_NOTIF_FD_SYNC_WAKE_UP",
                            SeccompAbi.USER_NOTIF_FD_SYNC_WAKE_UP),
                    seccomp("AUDIT_ARCH_X86_64", "AUDIT_ARCH_X86_64", SeccompAbi.AUDIT_ARCH_X86_64),
                    seccomp(
                            "SECCOMP_SET_MODE_FILTER",
                            "SET_MODE_FILTER",
                            SeccompAbi.SET_MODE_FILTER),
                    seccomp(
                            "SECCOMP_FILTER_FLAG_NEW_LISTENER",
                            "FILTER_FLAG_NEW_LISTENER",
                            SeccompAbi.FILTER_FLAG_NEW_LISTENER),
                    seccomp("SECCOMP_RET_USER_NOTIF", "RET_USER_NOTIF", SeccompAbi.RET_USER_NOTIF),
                    seccomp("SECCOMP_RET_ALLOW", "RET_ALLOW", SeccompAbi.RET_ALLOW),
                    seccomp(
                            "PR_SET_NO_NEW_PRIVS",
                            "PR_SET_NO_NEW_PRIVS",
                            SeccompAbi.PR_SET_NO_NEW_PRIVS),
                    seccomp("sizeof.sock_filter", "SOCK_FILTER_SIZE", SeccompAbi.SOCK_FILTER_SIZE),
                    seccomp("sizeof.sock_fprog", "SOCK_FPROG_SIZE", SeccompAbi.SOCK_FPROG_SIZE),
                    seccomp(
                            "offsetof.sock_fprog.filter",
                            "SOCK_FPROG_OFF_FILTER",
                            SeccompAbi.SOCK_FPROG_OFF_FILTER),
                    seccomp("BPF_LD|BPF_W|BPF_ABS", "BPF_LD_W_ABS", SeccompAbi.BPF_LD_W_ABS),
                    seccomp("BPF_JMP|BPF_JEQ|BPF_K", "BPF_JMP_JEQ_K", SeccompAbi.BPF_JMP_JEQ_K),
                    seccomp("BPF_RET|BPF_K", "BPF_RET_K", SeccompAbi.BPF_RET_K),
                    new Row("sizeof.stat", "StatLayout.SIZE", StatLayout.SIZE),
                    new Row("offsetof.stat.st_mode", "StatLayout.OFF_MODE", StatLayout.OFF_MODE),
                    new Row("offsetof.stat.st_rdev", "StatLayout.OFF_RDEV", StatLayout.OFF_RDEV),
                    new Row(
                            "_LINUX_CAPABILITY_VERSION_3",
                            "ThreadCaps.LINUX_CAPABILITY_VERSION_3",
                            ThreadCaps.LINUX_CAPABILITY_VERSION_3),
                    new Row(
                            "sizeof.__user_cap_header_struct",
                            "ThreadCaps.HEADER_SIZE",
                            ThreadCaps.HEADER_SIZE),
                    new Row(
                            "sizeof.__user_cap_data_struct",
                            "ThreadCaps.DATA_SIZE",
                            ThreadCaps.DATA_SIZE),
                    new Row(
                            "offsetof.__user_cap_data_struct.effective",
                            "ThreadCaps.OFF_EFFECTIVE",
                            ThreadCaps.OFF_EFFECTIVE),
                    new Row(
                            "offsetof.__user_cap_data_struct.permitted",
                            "ThreadCaps.OFF_PERMITTED",
                            ThreadCaps.OFF_PERMITTED),
                    new Row(
                            "offsetof.__user_cap_data_struct.inheritable",
                            "ThreadCaps.OFF_INHERITABLE",
                            ThreadCaps.OFF_INHERITABLE),
                    new Row(
                            "CAP_DAC_OVERRIDE",
                            "ThreadCaps.CAP_DAC_OVERRIDE",
                            ThreadCaps.CAP_DAC_OVERRIDE),
                    new Row(
                            "CAP_SYS_PTRACE",
                            "ThreadCaps.CAP_SYS_PTRACE",
                            ThreadCaps.CAP_SYS_PTRACE),
                    new Row("CAP_SYS_ADMIN", "ThreadCaps.CAP_SYS_ADMIN", ThreadCaps.CAP_SYS_ADMIN));

    /**
     * Dump lines that this test does not compare, and where they are compared instead (or why not).
     * A new dump line must be added either to {@link #ROWS} or here.
     */
    private static final Map<String, String> DUMP_CHECKED_ELSEWHERE =
            Map.ofEntries(
                    Map.entry(
                            "sizeof.seccomp_notif_sizes",
                            "not used: the sentry hard-codes the sizes and checks them here"),
                    Map.entry(
                            "SECCOMP_GET_NOTIF_SIZES",
                            "not used by the sentry (sluice-init's concern)"),
                    Map.entry("SYS_kcmp", "not used: the sentry makes no kcmp call"),
                    Map.entry("KCMP_FILE", "not used: the sentry makes no kcmp call"),
                    Map.entry("TIOCGPTN", "PtyProxyTest"),
                    Map.entry("TIOCSPTLCK", "PtyProxyTest"),
                    Map.entry("TIOCGPTLCK", "PtyProxyTest"),
                    Map.entry("TIOCGPTPEER", "PtyProxyTest"),
                    Map.entry("TIOCSWINSZ", "PtyProxyTest"),
                    Map.entry("TIOCGWINSZ", "PtyProxyTest"),
                    Map.entry("TCGETS", "PtyProxyTest"),
                    Map.entry("FIONREAD", "PtyProxyTest"),
                    Map.entry("sizeof.winsize", "PtyProxyTest"),
                    Map.entry(
                            "sizeof.termios",
                            "not mirrored in Java: TCGETS is CONTINUE, the sentry never copies a termios"),
                    Map.entry(
                            "sizeof.kernel_termios",
                            "not mirrored in Java: TCGETS is CONTINUE, the sentry never copies a termios"));

    private static Row seccomp(String dump, String field, long value) {
        return new Row(dump, "SeccompAbi." + field, value);
    }

    static Stream<Arguments> rows() {
        return ROWS.stream().map(r -> Arguments.of(r.dumpName(), r));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("rows")
    void javaConstantEqualsHeaderValue(String dumpName, Row row) {
        long c = AbiDump.value(dumpName);
        // The dump prints unsigned decimals; an int constant such as 0xc000003e is compared as its
        // 32-bit unsigned value, a long one as is.
        long java =
                row.javaValue() < 0 && row.javaValue() >= Integer.MIN_VALUE
                        ? Integer.toUnsignedLong((int) row.javaValue())
                        : row.javaValue();
        assertEquals(
                c,
                java,
                row.javaName()
                        + " must equal "
                        + dumpName
                        + " from the C headers (0x"
                        + Long.toHexString(c)
                        + "), but is 0x"
                        + Long.toHexString(java));
    }

    @Test
    void everyConstantOfAThreadCredentialsClassHasARow() {
        Set<String> missing = new TreeSet<>();
        for (Class<?> c : List.of(ThreadCaps.class, ThreadIds.class)) {
            for (String f : constants(c)) {
                String name = c.getSimpleName() + "." + f;
                if (ROWS.stream().noneMatch(r -> r.javaName().equals(name))
                        && !name.equals("ThreadIds.UNCHANGED")) {
                    missing.add(name);
                }
            }
        }
        assertTrue(
                missing.isEmpty(),
                "every ThreadCaps/ThreadIds constant is compared with sluice-abi-dump; not covered: "
                        + missing);
    }

    @Test
    void everySeccompAbiConstantHasARow() {
        Set<String> missing = new TreeSet<>();
        for (String f : constants(SeccompAbi.class)) {
            String name = "SeccompAbi." + f;
            if (ROWS.stream().noneMatch(r -> r.javaName().equals(name))) {
                missing.add(name);
            }
        }
        assertTrue(
                missing.isEmpty(),
                "every SeccompAbi constant is compared with sluice-abi-dump; not covered: "
                        + missing);
    }

    @Test
    void nativeHoldsNoSyscallNumberAndNoKcmpConstant() {
        for (String f : constants(Native.class)) {
            assertTrue(!f.startsWith("SYS_"), "syscall numbers live in Syscalls, not Native: " + f);
            assertTrue(!f.startsWith("KCMP_"), "the sentry makes no kcmp call: " + f);
        }
    }

    @Test
    void rowsReferToTheFieldTheyName() throws ReflectiveOperationException {
        for (Row r : ROWS) {
            String[] cls = r.javaName().split("\\.");
            Class<?> c =
                    switch (cls[0]) {
                        case "SeccompAbi" -> SeccompAbi.class;
                        case "StatLayout" -> StatLayout.class;
                        case "ThreadCaps" -> ThreadCaps.class;
                        case "ThreadIds" -> ThreadIds.class;
                        default -> Native.class;
                    };
            Field f = c.getField(cls[1]);
            assertEquals(
                    ((Number) f.get(null)).longValue(),
                    r.javaValue(),
                    "the mapping row for " + r.javaName() + " carries that field's value");
        }
    }

    @Test
    void everyDumpLineIsComparedSomewhere() {
        List<String> unaccounted = new ArrayList<>();
        for (String name : AbiDump.values().keySet()) {
            boolean here = ROWS.stream().anyMatch(r -> r.dumpName().equals(name));
            // SyscallsTest and SignalsTest compare every line of their prefix, and check that they
            // do.
            boolean family =
                    name.startsWith(SyscallsTest.DUMP_PREFIX)
                            || name.startsWith(SignalsTest.DUMP_PREFIX);
            if (!here
                    && !family
                    && !DUMP_CHECKED_ELSEWHERE.containsKey(name)
                    && !SocketAbiTest.compares(name)) {
                unaccounted.add(name);
            }
        }
        assertTrue(
                unaccounted.isEmpty(),
                "every sluice-abi-dump line is compared with a Java constant or listed with a reason: "
                        + unaccounted);
    }

    @Test
    void notifEndsWithItsSeccompData() {
        assertEquals(
                SeccompAbi.NOTIF_SIZE,
                SeccompAbi.NOTIF_OFF_DATA + SeccompAbi.DATA_SIZE,
                "struct seccomp_notif ends with its struct seccomp_data (no trailing padding)");
        assertEquals(
                SeccompAbi.DATA_SIZE,
                SeccompAbi.DATA_OFF_ARGS + 6 * 8,
                "seccomp_data ends with args[6]");
    }

    private static List<String> constants(Class<?> c) {
        List<String> out = new ArrayList<>();
        for (Field f : c.getDeclaredFields()) {
            int m = f.getModifiers();
            if (Modifier.isPublic(m)
                    && Modifier.isStatic(m)
                    && Modifier.isFinal(m)
                    && (f.getType() == int.class || f.getType() == long.class)) {
                out.add(f.getName());
            }
        }
        return out;
    }
}
