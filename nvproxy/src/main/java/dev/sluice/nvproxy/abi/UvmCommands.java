package dev.sluice.nvproxy.abi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ioctl numbers of {@code /dev/nvidia-uvm} and {@code /dev/nvidia-uvm-tools} at one driver tag,
 * read from {@code uvm-<tag>.tsv} (nvproxy/tools/abigen/uvm.py).
 *
 * <p>UVM commands are plain integers, not {@code _IOC}: {@code UVM_IOCTL_BASE(i)} is just {@code i}
 * on Linux (kernel-open/nvidia-uvm/uvm_ioctl.h), plus the Linux-only {@code UVM_INITIALIZE} and
 * {@code UVM_DEINITIALIZE} (uvm_linux_ioctl.h). The driver switches on the whole 32-bit number
 * (kernel-open/nvidia-uvm/uvm.c; uvm_tools.c for the tools device) and copies exactly {@code
 * sizeof(UVM_<cmd>_PARAMS)} bytes each way; {@code ioctl(2)} returns 0 whenever the params could be
 * copied and the outcome is the {@code NV_STATUS} in {@code rmStatus}. Numbers are added and
 * removed per branch, so a command is known by name.
 *
 * @param tag the driver tag
 * @param byNumber the commands by number, ascending
 */
public record UvmCommands(String tag, Map<Integer, Command> byNumber) {
    static final List<String> COLUMNS =
            List.of("number", "name", "paramsStruct", "paramsSize", "route", "requiresInitialize");

    /** {@code paramsSize} of a command whose struct does not compile on Linux. */
    public static final int SIZE_UNKNOWN = -1;

    /** Which dispatcher handles a number. */
    public enum Route {
        /** {@code /dev/nvidia-uvm} (uvm.c). */
        UVM,
        /** {@code /dev/nvidia-uvm-tools} (uvm_tools.c). */
        TOOLS,
        /** Defined in the headers but dispatched by neither device on Linux at this tag. */
        NONE
    }

    /**
     * One number of uvm_ioctl.h.
     *
     * @param requiresInitialize the command fails with {@code NV_ERR_ILLEGAL_ACTION} until {@code
     *     UVM_INITIALIZE} has bound the file to a VA space
     */
    public record Command(
            int cmd,
            String name,
            String paramsStruct,
            int paramsSize,
            Route route,
            boolean requiresInitialize) {}

    public UvmCommands {
        byNumber = Collections.unmodifiableMap(byNumber);
    }

    /** The commands of {@code tag}, read once. */
    public static UvmCommands of(String tag) {
        return GeneratedTable.cached("uvm", tag, UvmCommands::load);
    }

    private static UvmCommands load(String tag) {
        return new UvmCommands(
                tag,
                GeneratedTable.load("uvm", tag, COLUMNS)
                        .index(UvmCommands::row, Command::cmd, new LinkedHashMap<>()));
    }

    private static Command row(GeneratedTable.Row r) {
        return new Command(
                r.integer("number"),
                r.text("name"),
                r.optional("paramsStruct"),
                r.integer("paramsSize"),
                Route.valueOf(r.text("route")),
                r.bool("requiresInitialize"));
    }

    /** The command, or {@code null} where the tag defines no such number. */
    public Command lookup(int cmd) {
        return byNumber.get(cmd);
    }

    /** The name, or {@code UVM(n)} for a number the tag does not define. */
    public String name(int cmd) {
        Command c = byNumber.get(cmd);
        return c != null ? c.name() : "UVM(" + cmd + ")";
    }
}
