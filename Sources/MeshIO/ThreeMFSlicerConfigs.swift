/// The slicers' own part lists inside a 3MF, which name the parts and put each on its filament.
/// docs/3mf.md says which loader function reads which entry.
enum ThreeMFSlicerConfigs {
    /// `Metadata/model_settings.config`, read by Bambu Studio and OrcaSlicer for any 3MF
    /// (`_handle_start_config_xml_element`): one `<object>` per build item, with a `<part>` per mesh
    /// object it gathers (`_generate_volumes_new` matches parts by object id). With `plate`, every
    /// object is listed on plate 1.
    static func bambu(_ plan: ThreeMFPlan, plate: Bool) -> String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<config>\n"
        for (k, object) in plan.objects.enumerated() {
            let id = plan.objectIDs[k]
            s += " <object id=\"\(id)\">\n  <metadata key=\"name\" value=\"\(ThreeMFWriter.xml(object.name))\"/>\n"
            s += "  <metadata key=\"extruder\" value=\"\(plan.extruder(k, 0))\"/>\n"
            // In PrusaSlicer's layout the object's mesh is its one part, on its first part's filament.
            let parts = plan.layout == .assembly ? Array(object.parts.indices) : [0]
            for j in parts {
                let partID = plan.layout == .assembly ? plan.partIDs[k][j] : id
                let name = plan.layout == .assembly ? object.parts[j].name : object.name
                s += "  <part id=\"\(partID)\" subtype=\"normal_part\">\n"
                s += "   <metadata key=\"name\" value=\"\(ThreeMFWriter.xml(name))\"/>\n"
                s += "   <metadata key=\"extruder\" value=\"\(plan.extruder(k, j))\"/>\n  </part>\n"
            }
            s += " </object>\n"
        }
        if plate && !plan.objects.isEmpty {
            s += " <plate>\n  <metadata key=\"plater_id\" value=\"1\"/>\n  <metadata key=\"plater_name\" value=\"\"/>\n  <metadata key=\"locked\" value=\"false\"/>\n"
            for id in plan.objectIDs {
                s += "  <model_instance>\n   <metadata key=\"object_id\" value=\"\(id)\"/>\n   <metadata key=\"instance_id\" value=\"0\"/>\n  </model_instance>\n"
            }
            s += " </plate>\n"
        }
        return s + "</config>\n"
    }

    /// `Metadata/Slic3r_PE_model.config`, read by PrusaSlicer (`_extract_model_config_from_archive`)
    /// for the mesh objects it makes into objects: in PrusaSlicer's layout one per object with a
    /// volume per part (inclusive triangle ranges); in the assembly layout one per part mesh.
    static func prusa(_ plan: ThreeMFPlan) -> String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<config>\n"
        func volume(_ first: Int, _ last: Int, _ name: String, _ extruder: Int) -> String {
            "  <volume firstid=\"\(first)\" lastid=\"\(last)\">\n"
                + "   <metadata type=\"volume\" key=\"name\" value=\"\(ThreeMFWriter.xml(name))\"/>\n"
                + "   <metadata type=\"volume\" key=\"volume_type\" value=\"ModelPart\"/>\n"
                + "   <metadata type=\"volume\" key=\"extruder\" value=\"\(extruder)\"/>\n  </volume>\n"
        }
        for (k, object) in plan.objects.enumerated() {
            switch plan.layout {
            case .assembly:
                for (j, part) in object.parts.enumerated() {
                    s += " <object id=\"\(plan.partIDs[k][j])\" instances_count=\"1\">\n  <metadata type=\"object\" key=\"name\" value=\"\(ThreeMFWriter.xml(part.name))\"/>\n"
                    s += volume(0, part.mesh.triangles.count - 1, part.name, plan.extruder(k, j)) + " </object>\n"
                }
            case .prusaSlicer:
                s += " <object id=\"\(plan.objectIDs[k])\" instances_count=\"1\">\n  <metadata type=\"object\" key=\"name\" value=\"\(ThreeMFWriter.xml(object.name))\"/>\n"
                var first = 0
                for (j, part) in object.parts.enumerated() {
                    s += volume(first, first + part.mesh.triangles.count - 1, part.name, plan.extruder(k, j))
                    first += part.mesh.triangles.count
                }
                s += " </object>\n"
            }
        }
        return s + "</config>\n"
    }
}
