package dev.sluice.nvproxy;

import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.nvproxy.driver.DriverAbis;
import dev.sluice.nvproxy.driver.DriverVersion;
import dev.sluice.nvproxy.frontend.Capability;
import dev.sluice.nvproxy.frontend.ClassRule;
import dev.sluice.nvproxy.frontend.ControlRule;
import dev.sluice.nvproxy.frontend.DriverAbi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * NVProxy's sub-command tables as Markdown, for docs/ioctls.md: the RM control commands, allocation
 * classes and UVM commands each supported driver version allows, with their dispositions and
 * capabilities.
 */
final class NvDocs {
    private NvDocs() {}

    static String markdown() {
        Map<String, List<String>> versionsByBranch = new LinkedHashMap<>();
        Map<String, DriverAbi> abis = new LinkedHashMap<>();
        for (Map.Entry<DriverVersion, Supplier<DriverAbi>> e : DriverAbis.versions().entrySet()) {
            DriverAbi abi = e.getValue().get();
            String key = abi.getClass().getSimpleName();
            abis.putIfAbsent(key, abi);
            versionsByBranch
                    .computeIfAbsent(key, k -> new ArrayList<>())
                    .add(e.getKey().toString());
        }
        StringBuilder b = new StringBuilder();
        b.append("## nvproxy: RM control commands, classes and UVM commands\n\n")
                .append(
                        "`NV_ESC_RM_CONTROL` and `NV_ESC_RM_ALLOC` are EMULATE rows above; what they may carry is listed\n")
                .append(
                        "here, per driver version. A command or class not listed is refused the way the driver refuses\n")
                .append(
                        "one it lacks (`NV_ERR_NOT_SUPPORTED`, `NV_ERR_INVALID_CLASS` in `status`), counted under DENY and\n")
                .append(
                        "logged with its name. Client classes (`NV01_ROOT`, `NV01_ROOT_NON_PRIV`, `NV01_ROOT_CLIENT`) are\n")
                .append(
                        "CONTINUE. A row is enabled by any of its capabilities (`--nvproxy-caps`, default `compute,utility`).\n")
                .append(
                        "Params: `flat` is copied as is; `arrays` also has the arrays behind its embedded pointers copied;\n")
                .append(
                        "`opaque` is a command outside the driver's export tables, forwarded as the bytes clients pass.\n")
                .append(
                        "Kept to the sandbox (docs/security-model.md): `GPU id(s) checked` refuses a GPU that is not the\n")
                .append(
                        "sandbox's (`NV_ERR_INVALID_ARGUMENT`); `GPUs filtered` drops other GPUs from the answer; `pids\n")
                .append(
                        "translated` numbers processes in the caller's pid namespace and drops the others; `pointer zeroed`\n")
                .append("clears a pointer member RM does not follow in the sentry's copy.\n");
        for (Map.Entry<String, DriverAbi> e : abis.entrySet()) {
            DriverAbi abi = e.getValue();
            b.append("\n### Driver ")
                    .append(String.join(", ", versionsByBranch.get(e.getKey())))
                    .append(" (branch ")
                    .append(abi.branch())
                    .append(")\n\n");
            b.append("RM control commands (")
                    .append(abi.controlRules().size())
                    .append("):\n\n")
                    .append(
                            "| command | name | params (bytes) | params | kept to the sandbox | capabilities |\n")
                    .append("|---|---|---|---|---|---|\n");
            for (ControlRule r : abi.controlRules().values()) {
                List<String> kept = new ArrayList<>();
                r.scope().forEach(f -> kept.add(f.describe()));
                if (!r.zeroedPointers().isEmpty()) {
                    kept.add("pointer zeroed");
                }
                b.append("| `")
                        .append(NvStatus.hex(r.cmd()))
                        .append("` | `")
                        .append(r.name())
                        .append("` | ")
                        .append(r.paramsSize())
                        .append(" | ")
                        .append(r.embedded() != null ? "arrays" : r.exported() ? "flat" : "opaque")
                        .append(" | ")
                        .append(
                                kept.isEmpty()
                                        ? ""
                                        : String.join(", ", new java.util.LinkedHashSet<>(kept)))
                        .append(" | ")
                        .append(Capability.labels(r.caps()))
                        .append(" |\n");
            }
            b.append("\nAllocation classes, EMULATE (")
                    .append(abi.classRules().size())
                    .append("):\n\n")
                    .append(
                            "| class | name | params (bytes) | pointer members | capabilities |\n|---|---|---|---|---|\n");
            for (ClassRule r : abi.classRules().values()) {
                List<String> ptrs = new ArrayList<>();
                r.zeroedPointers().forEach(o -> ptrs.add("zeroed at " + o));
                r.notPointers().forEach(o -> ptrs.add("a value at " + o));
                b.append("| `")
                        .append(NvStatus.hex(r.hClass()))
                        .append("` | `")
                        .append(r.name())
                        .append("` | ")
                        .append(r.paramsSize())
                        .append(" | ")
                        .append(String.join(", ", ptrs))
                        .append(" | ")
                        .append(Capability.labels(r.caps()))
                        .append(" |\n");
            }
            b.append("\nUVM commands on `/dev/nvidia-uvm`, CONTINUE (")
                    .append(abi.uvmRules().size())
                    .append("; every other")
                    .append(" number, trapped by range, is denied): ");
            String sep = "";
            for (DriverAbi.UvmRule r : abi.uvmRules().values()) {
                b.append(sep)
                        .append('`')
                        .append(r.name())
                        .append("` (")
                        .append(r.cmd())
                        .append(')');
                sep = ", ";
            }
            b.append(". Capabilities: compute.\n");
        }
        return b.toString();
    }
}
