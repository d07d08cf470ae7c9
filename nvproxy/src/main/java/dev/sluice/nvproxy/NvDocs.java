package dev.sluice.nvproxy;

import dev.sluice.nvproxy.abi.FrontendRequests;
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

/**
 * NVProxy's sub-command tables as Markdown, for docs/ioctls.md: the supported driver versions, the
 * RM control commands, allocation classes and UVM commands the reference version allows, and what
 * every other tag allows differently.
 */
final class NvDocs {
    private NvDocs() {}

    static String markdown() {
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
        DriverAbi reference = DriverAbis.forVersion(DriverAbis.REFERENCE);
        b.append("\n### Supported driver versions\n\n")
                .append(
                        "Each version's numbers, sizes and privilege come from the generated data of its tag\n")
                .append(
                        "(`nvproxy/src/main/resources/dev/sluice/nvproxy/abi/*-<tag>.tsv`, nvproxy/tools/abigen);\n")
                .append(
                        "the policy is one for all (`NvPolicy`). A policy row a tag lacks, or whose facts there differ\n")
                .append(
                        "from what the policy assumes, is not allowed at that tag (the last column; the differences are\n")
                .append("listed below the full tables).\n\n")
                .append(
                        "| version | data of tag | controls | classes | UVM commands | frontend escapes | policy rows not allowed |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (Map.Entry<DriverVersion, String> e : DriverAbis.versions().entrySet()) {
            DriverAbi abi = DriverAbis.forVersion(e.getKey());
            b.append("| ")
                    .append(e.getKey())
                    .append(" | ")
                    .append(e.getValue())
                    .append(" | ")
                    .append(abi.controlRules().size())
                    .append(" | ")
                    .append(abi.classRules().size())
                    .append(" | ")
                    .append(abi.uvmRules().size())
                    .append(" | ")
                    .append(abi.frontend().layouts().size())
                    .append(" | ")
                    .append(abi.dropped().size())
                    .append(" |\n");
        }
        DriverAbi abi = reference;
        b.append("\n### Driver ")
                .append(DriverAbis.REFERENCE)
                .append(" (data of tag ")
                .append(abi.tag())
                .append("), in full\n\n");
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
            b.append(sep).append('`').append(r.name()).append("` (").append(r.cmd()).append(')');
            sep = ", ";
        }
        b.append(". Capabilities: compute.\n");
        differences(b, reference);
        return b.toString();
    }

    /** Per tag, what differs from the reference: rows not allowed, and sizes that changed. */
    private static void differences(StringBuilder b, DriverAbi reference) {
        b.append("\n### What each tag differs in from ")
                .append(reference.tag())
                .append("\n\n")
                .append(
                        "Tags whose differences are the same are listed together. `size A -> B`: the params of an\n")
                .append("allowed row are A bytes at ")
                .append(reference.tag())
                .append(" and B at the tag (the row is allowed with B).\n");
        Map<String, List<String>> tagsByText = new LinkedHashMap<>();
        for (String tag : new java.util.LinkedHashSet<>(DriverAbis.versions().values())) {
            if (tag.equals(reference.tag())) {
                continue;
            }
            DriverAbi abi = DriverAbis.forVersion(DriverVersion.parse(tag));
            List<String> lines = new ArrayList<>();
            abi.dropped().forEach(d -> lines.add("- not allowed: " + d));
            for (ControlRule r : abi.controlRules().values()) {
                reference.controlRules().values().stream()
                        .filter(x -> x.name().equals(r.name()) && x.paramsSize() != r.paramsSize())
                        .forEach(
                                x ->
                                        lines.add(
                                                "- control `"
                                                        + r.name()
                                                        + "`: size "
                                                        + x.paramsSize()
                                                        + " -> "
                                                        + r.paramsSize()));
                reference.controlRules().values().stream()
                        .filter(x -> x.name().equals(r.name()) && x.cmd() != r.cmd())
                        .forEach(
                                x ->
                                        lines.add(
                                                "- control `"
                                                        + r.name()
                                                        + "`: id "
                                                        + NvStatus.hex(x.cmd())
                                                        + " -> "
                                                        + NvStatus.hex(r.cmd())));
            }
            for (ClassRule r : abi.classRules().values()) {
                ClassRule x = reference.classRules().get(r.hClass());
                if (x != null && !x.equals(r)) {
                    lines.add(
                            "- class `"
                                    + r.name()
                                    + "`: size "
                                    + x.paramsSize()
                                    + " -> "
                                    + r.paramsSize()
                                    + (x.zeroedPointers().equals(r.zeroedPointers())
                                            ? ""
                                            : ", pointer zeroed at "
                                                    + x.zeroedPointers()
                                                    + " -> "
                                                    + r.zeroedPointers()));
                }
            }
            for (DriverAbi.UvmRule r : reference.uvmRules().values()) {
                if (!abi.uvmRules().containsKey(r.cmd())) {
                    lines.add("- UVM `" + r.name() + "` (" + r.cmd() + "): not dispatched");
                }
            }
            for (DriverAbi.UvmRule r : abi.uvmRules().values()) {
                if (!reference.uvmRules().containsKey(r.cmd())) {
                    lines.add("- UVM `" + r.name() + "` (" + r.cmd() + "): added");
                }
            }
            for (FrontendRequests.Layout l : abi.frontend().layouts()) {
                FrontendRequests.Layout x = reference.frontend().layout(l.cType());
                if (x == null) {
                    lines.add("- escape `" + l.cType() + "`: added");
                } else if (x.size() != l.size()) {
                    lines.add("- escape `" + l.cType() + "`: size " + x.size() + " -> " + l.size());
                }
            }
            for (FrontendRequests.Layout x : reference.frontend().layouts()) {
                if (abi.frontend().layout(x.cType()) == null) {
                    lines.add("- escape `" + x.cType() + "`: absent");
                }
            }
            String text = lines.isEmpty() ? "- none\n" : String.join("\n", lines) + "\n";
            tagsByText.computeIfAbsent(text, t -> new ArrayList<>()).add(tag);
        }
        tagsByText.forEach(
                (text, tags) ->
                        b.append("\n#### ")
                                .append(String.join(", ", tags))
                                .append("\n\n")
                                .append(text));
    }
}
