<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="skirmish-terrain" tilewidth="64" tileheight="56" tilecount="3" columns="3">
 <image source="skirmish-terrain.png" width="192" height="56"/>
 <tile id="0" type="terrain">
  <properties>
   <property name="terrain" value="clear"/>
  </properties>
 </tile>
 <tile id="1" type="terrain">
  <properties>
   <property name="terrain" value="woods"/>
  </properties>
 </tile>
 <tile id="2" type="terrain">
  <properties>
   <property name="terrain" value="hill"/>
  </properties>
 </tile>
</tileset>
